/*
 * Typed arrays carved from one `ArrayBuffer`. A page of millions of units needs dozens of arrays of
 * megabytes each; V8 counts each buffer as external memory and may start a full collection of the whole
 * heap (the page's DOM: gigabytes, seconds per collection) after every few of them. One buffer is one
 * such allocation.
 */

type TypedArrayConstructor =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Uint32ArrayConstructor
  | Int32ArrayConstructor
  | Uint16ArrayConstructor
  | Uint8ArrayConstructor
  | Int8ArrayConstructor;

/** Names to `[constructor, length]`; every array is zero-filled. */
export type ArraySpec = Record<string, readonly [TypedArrayConstructor, number]>;

export type CarvedArrays<T extends ArraySpec> = { [K in keyof T]: InstanceType<T[K][0]> };

const ALIGN = 8;
const aligned = (bytes: number) => Math.ceil(bytes / ALIGN) * ALIGN;

/** Allocates the arrays of `spec` in one buffer, each aligned for any element type. */
export function typedArrays<T extends ArraySpec>(spec: T): CarvedArrays<T> {
  let bytes = 0;
  for (const [kind, length] of Object.values(spec)) bytes += aligned(kind.BYTES_PER_ELEMENT * length);
  const buffer = new ArrayBuffer(bytes);
  const arrays: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, [kind, length]] of Object.entries(spec)) {
    arrays[name] = new kind(buffer, offset, length);
    offset += aligned(kind.BYTES_PER_ELEMENT * length);
  }
  return arrays as CarvedArrays<T>;
}
