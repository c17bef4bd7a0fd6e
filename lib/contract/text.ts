/** Fills plain {name} arguments of a message; unknown names stay as written. */
export const fillArguments = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
