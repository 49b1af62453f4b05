/**
 * Opens an export's download url (`{url}` of an export call, DICT-017): the server answers it
 * with the file as an attachment and the url itself carries its expiring key, so a plain link
 * fetches it without the Authorization header, as the JNPF client does.
 */
export function downloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = ''; // the server names the file (Content-Disposition)
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
