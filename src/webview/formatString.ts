// Fills `{0}`, `{1}`… in a localised string from the host (the webview has no strings of its own).
export function formatString(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match: string, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? match : String(value);
  });
}
