/** Hands bytes fetched with the session to the browser as a download under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes to the browser's download; the object URL is freed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
