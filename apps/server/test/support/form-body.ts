/**
 * A multipart/form-data body of plain fields as text, as browsers and PocketBase tools send forms,
 * for scenario tables whose bodies are fixed strings (files need test/files/support.ts `multipart`).
 */
export function formBody(
  fields: Record<string, string>,
  boundary = '----scenario-boundary',
): { body: string; headers: Record<string, string> } {
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
