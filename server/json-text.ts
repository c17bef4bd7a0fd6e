/** JSON text serialised once and served many times; the brand keeps the type it was made from. */
export type JsonText<T> = string & { readonly jsonOf: T };

/** `indent` spaces per level for text people read; none for the wire. */
export const toJsonText = <T>(value: T, indent?: number) => JSON.stringify(value, null, indent) as JsonText<T>;
