// Fills `{0}`, `{1}`… in a localised template the host sends (the webview has no strings of its own; the host
// fills the same templates where it words a view message itself).
export function formatString(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match: string, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? match : String(value);
  });
}
