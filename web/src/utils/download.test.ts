// An export's url is fetched by a plain link (DICT-017): the browser sends no Authorization
// header, the url's own key is the permission, and the server names the file.
import { downloadUrl } from './download';

test('downloadUrl follows the url with a link that downloads, and leaves nothing behind', () => {
  const clicked: { href: string; download: string }[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? 'none' });
  });
  downloadUrl('/api/file/DownloadModel?encryption=abc');
  expect(clicked).toEqual([{ href: '/api/file/DownloadModel?encryption=abc', download: '' }]);
  expect(document.querySelectorAll('a')).toHaveLength(0);
  click.mockRestore();
});
