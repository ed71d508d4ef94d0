/** A bounded JSON view of a site algorithm's model, for people to look at (not to load back). */
export interface ModelPreview {
  /** Pretty-printed JSON, cut at the character budget. */
  json: string;
  /** True when something was left out: past the budget, past `MODEL_PREVIEW_DEPTH`, or long collections. */
  truncated: boolean;
}

/** Nesting shown before an object is summarised as `"…"`: models are tables and trees of plain data. */
export const MODEL_PREVIEW_DEPTH = 8;
/** Entries shown per array, map or object; the rest are counted. */
export const MODEL_PREVIEW_ENTRIES = 200;
/** Values visited in all before the rest of the model is summarised: bounds the work on huge models. */
export const MODEL_PREVIEW_VALUES = 5_000;
/** Characters shown per string. */
export const MODEL_PREVIEW_STRING_CHARS = 300;

/**
 * Turns any model into plain JSON data, bounded in depth, entries and string length: Maps become objects,
 * Sets and typed arrays become arrays, DOM nodes and functions become short descriptions, cycles are cut.
 */
function toPlain(value: unknown, depth: number, seen: WeakSet<object>, state: { truncated: boolean; values: number }): unknown {
  if (++state.values > MODEL_PREVIEW_VALUES) {
    state.truncated = true;
    return '…';
  }
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') {
    if (value.length <= MODEL_PREVIEW_STRING_CHARS) return value;
    state.truncated = true;
    return `${value.slice(0, MODEL_PREVIEW_STRING_CHARS)}… (${value.length} chars)`;
  }
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object') return String(value);
  if (seen.has(value)) return '[cycle]';
  if ('nodeType' in value && 'nodeName' in value) return `[DOM ${(value as Node).nodeName}]`;
  if (depth >= MODEL_PREVIEW_DEPTH) {
    state.truncated = true;
    return '…';
  }
  seen.add(value);
  try {
    const entries: [string, unknown][] = [];
    let total: number;
    let isArray = false;
    if (value instanceof Map) {
      total = value.size;
      for (const [key, item] of value) {
        if (entries.length >= MODEL_PREVIEW_ENTRIES) break;
        entries.push([typeof key === 'string' ? key : JSON.stringify(toPlain(key, depth + 1, seen, state)), item]);
      }
    } else if (value instanceof Set || Array.isArray(value) || ArrayBuffer.isView(value)) {
      isArray = true;
      const items = value instanceof Set ? value.values() : Array.from(value as ArrayLike<unknown>).values();
      total = value instanceof Set ? value.size : (value as ArrayLike<unknown>).length;
      for (const item of items) {
        if (entries.length >= MODEL_PREVIEW_ENTRIES) break;
        entries.push([String(entries.length), item]);
      }
    } else {
      const keys = Object.keys(value);
      total = keys.length;
      for (const key of keys.slice(0, MODEL_PREVIEW_ENTRIES)) entries.push([key, (value as Record<string, unknown>)[key]]);
    }
    const more = total - entries.length;
    if (more > 0) state.truncated = true;
    if (isArray) {
      const array = entries.map(([, item]) => toPlain(item, depth + 1, seen, state));
      if (more > 0) array.push(`… ${more} more`);
      return array;
    }
    const object: Record<string, unknown> = {};
    for (const [key, item] of entries) object[key] = toPlain(item, depth + 1, seen, state);
    if (more > 0) object['…'] = `${more} more`;
    return object;
  } finally {
    seen.delete(value);
  }
}

/** A JSON view of `model` of at most `maxChars` characters (see `toPlain` for what is left out). */
export function previewModel(model: unknown, maxChars: number): ModelPreview {
  const state = { truncated: false, values: 0 };
  let json: string;
  try {
    const plain = typeof model === 'object' && model !== null && typeof (model as { toJSON?: unknown }).toJSON === 'function'
      ? (model as { toJSON(): unknown }).toJSON()
      : model;
    json = JSON.stringify(toPlain(plain, 0, new WeakSet(), state), null, 2) ?? 'null';
  } catch (cause) {
    return { json: `"model could not be shown: ${String(cause instanceof Error ? cause.message : cause).replace(/"/g, "'")}"`, truncated: true };
  }
  if (json.length > maxChars) return { json: `${json.slice(0, maxChars)}\n… (${json.length - maxChars} more characters)`, truncated: true };
  return { json, truncated: state.truncated };
}
