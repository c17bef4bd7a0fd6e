/** JSON text serialised once and served many times; the brand keeps the type it was made from. */
export type JsonText<T> = string & { readonly jsonOf: T };

export const toJsonText = <T>(value: T) => JSON.stringify(value) as JsonText<T>;
