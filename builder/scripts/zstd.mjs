// Run by node at build time (builder/precompress.py): zstd level 19 of each input file,
// written beside it as FILE.zst, by the compression.zstd module of the pinned Pyodide's
// Python 3.14 (zstd_compress.py).
//
//     node builder/scripts/zstd.mjs node_modules/pyodide FILE...
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.runPython(readFileSync(new URL("zstd_compress.py", import.meta.url), "utf8"));
const compress = pyodide.globals.get("compress");
for (const file of files) {
  pyodide.FS.writeFile("/tmp/in", readFileSync(file));
  compress("/tmp/in", "/tmp/out");
  writeFileSync(`${file}.zst`, pyodide.FS.readFile("/tmp/out"));
}
compress.destroy();
