// The match list: "filler:index" = {version, matches: [summary]} (kinds/match.js
// summarize), so that the lobby lists the matches without reading each. It is the
// store's own bookkeeping, made again from the "filler:match:" keys whenever it
// disagrees with them (storage.js): one that does not read is set aside like any value,
// but never put back, and it is not exported.

import { MATCH_ID, PREFIX } from "../keys.js";
import { isObject, notList, wrongField } from "../problems.js";

export const INDEX_KEY = PREFIX + "index";

export const matchList = {
  name: "index",
  key: INDEX_KEY,
  check: (value) => {
    if (!isObject(value) || !Array.isArray(value.matches)) return notList("index");
    for (const entry of value.matches) {
      if (!isObject(entry) || typeof entry.id !== "string" || !MATCH_ID.test(entry.id)) return wrongField("index");
    }
    return null;
  },
  putBack: false,
};
