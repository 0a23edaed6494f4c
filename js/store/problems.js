// What a check says: null when a value is fine, else a StoreProblem, said in the player's
// language by i18n's problemText (texts "problem.store.<code>" in the catalogs js/i18n/)
// and, as a string, in English. The kinds (kinds/) and the generic parts of the store
// check their values with these words.

export class StoreProblem {
  constructor(code, message, params = {}) {
    this.code = `store.${code}`;
    this.params = params;
    this.message = message;
  }

  toString() {
    return this.message;
  }
}

export const wrongField = (field) => new StoreProblem("field", `${field} is missing or wrong`, { field });
export const notList = (field) => new StoreProblem("not_list", `${field} is not a list`, { field });
export const notObject = (field) => new StoreProblem("not_object", `${field} is not an object`, { field });

export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export const isTime = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;
export const isCount = (value) => Number.isInteger(value) && value >= 0;

/** The JSON value of `raw`, or null (absent, or no JSON). */
export function parseOrNull(raw) {
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
