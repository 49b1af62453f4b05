/** safeHtml (issue 23 §3 web): DOMPurify removes what runs script and keeps ordinary rich text. */
import { safeHtml } from './safeHtml';

/** The HTML parsed, to ask about elements and attributes instead of comparing strings. */
function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('safeHtml', () => {
  it('removes script elements, with their text', () => {
    const out = safeHtml('<p>hi</p><script>alert(1)</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>');
    expect(out).toBe('<p>hi</p>');
    expect(out.toLowerCase()).not.toContain('script');
  });

  it('removes event handler attributes (onerror, onclick, any on…)', () => {
    const out = parse(safeHtml('<img src="/a.png" onerror="alert(1)"><p onclick="alert(2)" ONMOUSEOVER="x()">text</p><svg onload="alert(3)"></svg>'));
    const attributes = [...out.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name.toLowerCase()));
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(out.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(out.querySelector('p')?.textContent).toBe('text');
  });

  it('removes javascript: and data: addresses from links, whatever their case or blanks', () => {
    const out = parse(
      safeHtml(
        '<a id="a" href="javascript:alert(1)">a</a><a id="b" href=" JaVaScRiPt:alert(1)">b</a><a id="c" href="java&#x09;script:alert(1)">c</a>' +
          '<a id="d" href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a><a id="e" href="vbscript:msgbox(1)">e</a>',
      ),
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(out.querySelector(`#${id}`)?.hasAttribute('href')).toBe(false);
      expect(out.querySelector(`#${id}`)?.textContent).toBe(id);
    }
  });

  it('removes frames, objects, forms and style sheets', () => {
    const out = safeHtml('<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="a"><button>b</button></form><style>body{display:none}</style><p>kept</p>');
    const tags = [...parse(out).querySelectorAll('*')].map((el) => el.tagName.toLowerCase());
    expect(tags).toEqual(['p']);
    expect(out).not.toContain('display:none');
    expect(out).toContain('<p>kept</p>');
  });

  it('keeps ordinary formatting, links and http(s)/relative images as they are', () => {
    const html =
      '<h2>Title</h2><p class="ql-align-center">Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <span style="color: rgb(230, 0, 0);">red</span> text.</p>' +
      '<ol><li>one</li><li>two</li></ol><blockquote>quote</blockquote><pre class="ql-syntax">code</pre>' +
      '<table><tbody><tr><td>cell</td></tr></tbody></table>' +
      '<p><a href="https://example.com/page?a=1&amp;b=2">web</a> <a href="/relative/path">relative</a> <a href="mailto:a@example.com">mail</a></p>' +
      '<p><img src="https://example.com/a.png" alt="a"><img src="/api/file/Image/b.png" alt="b"><img src="c.png" alt="c"></p>';
    expect(safeHtml(html)).toBe(html);
  });

  it('keeps raster data images (the editor writes them) but no SVG or script addresses in img src', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = parse(safeHtml(`<img id="a" src="${png}"><img id="b" src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="><img id="c" src="javascript:alert(1)"><img id="d" src="data:text/html,x">`));
    expect(out.querySelector('#a')?.getAttribute('src')).toBe(png);
    for (const id of ['b', 'c', 'd']) expect(out.querySelector(`#${id}`)?.hasAttribute('src')).toBe(false);
  });

  it('gives a link to a new window rel="noopener noreferrer"', () => {
    const out = parse(safeHtml('<a href="https://example.com" target="_blank">x</a>'));
    expect(out.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('answers an empty string for empty input', () => {
    expect(safeHtml('')).toBe('');
  });
});
