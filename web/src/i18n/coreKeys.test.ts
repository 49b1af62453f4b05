// Core messages in every language (SHELL-044: after a language switch, the rules core's
// messages show in the chosen language; SHELL-048: zh-TW and en cover what zh-CN shows).
//
// Source of truth for the keys: the Rust sources of the rules core, read at test time, so a
// key added to core fails this test until en and zh-TW translate it. A key is a string
// literal `"<namespace>.<name>"` (both camelCase words, e.g. "password.lengthMin") in
// core/src/*.rs outside `//` comments and before the file's `#[cfg(test)]` module (test
// modules come last in a file; their literals are sample data such as "a.png").
//
// Source of the zh-CN templates: the "## Message keys" table of core-wasm/README.md, one row
// of `key` · `key` cells against templates joined the same way; `{name}` there is a param,
// which a translation must keep as i18next's `{{name}}`.
import * as fs from 'fs';
import * as path from 'path';
import zhTW from './zh-TW';
import en from './en';
import i18n, { coreText, initI18n } from './index';

const root = path.resolve(__dirname, '../../..');

/** Every message key the core's sources can emit. */
function coreKeys(): string[] {
  const dir = path.join(root, 'core/src');
  const found = new Set<string>();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.rs'))) {
    let source = fs.readFileSync(path.join(dir, name), 'utf8');
    const tests = source.search(/#\[cfg\(test\)\]/);
    if (tests >= 0) source = source.slice(0, tests);
    source = source.replace(/^\s*\/\/.*$/gm, '');
    for (const m of source.matchAll(/"([a-z][A-Za-z]*\.[a-z][A-Za-z]*)"/g)) found.add(m[1]);
  }
  return [...found].sort();
}

/** key → zh-CN template, from the README's table. */
function templates(): Map<string, string> {
  const readme = fs.readFileSync(path.join(root, 'core-wasm/README.md'), 'utf8');
  const start = readme.indexOf('## Message keys');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const out = new Map<string, string>();
  for (const line of readme.slice(start, end < 0 ? undefined : end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1].startsWith('`')) continue;
    const keys = cells[1].split(' · ').map((k) => k.replace(/`/g, '').trim());
    const texts = keys.length === 1 ? [cells[2]] : cells[2].split(' · ');
    expect({ row: line, texts: texts.length }).toEqual({ row: line, texts: keys.length });
    keys.forEach((k, i) => out.set(k, texts[i].trim()));
  }
  return out;
}

/** The placeholder names of a template: `{name}` (core) or `{{name}}` (i18next). */
const placeholders = (text: string, i18next: boolean): string[] =>
  [...text.matchAll(i18next ? /\{\{(\w+)\}\}/g : /\{(\w+)\}/g)].map((m) => m[1]).sort();

const translations = { en: en.core, 'zh-TW': zhTW.core };

function lookup(core: Record<string, Record<string, string>>, key: string): string | undefined {
  const [namespace, name] = key.split('.');
  return core[namespace]?.[name];
}

/** `field.pattern` is the form's own regList message, shown as its author wrote it;
 * `propertyJson.moduleId` names a key inside a field's JSON text (a menu's related module), not a message. */
const keys = coreKeys().filter((key) => key !== 'field.pattern' && key !== 'propertyJson.moduleId');

test('the key scan of core/src finds the catalogue, not noise', () => {
  expect(keys.length).toBeGreaterThanOrEqual(70);
  expect(keys).toEqual(expect.arrayContaining(['password.lengthMin', 'rule.phone', 'field.required', 'upload.fileSize']));
  for (const key of keys) expect(key).toMatch(/^(rule|pattern|field|form|upload|import|picker|formula|model|amount|billRule|date|password|profile|organize|position|role|group|user|system|menu|button|moduleField|dataAuthorize|dataScheme|flow|dictionary|area|dataInterface|dataInterfaceVariate|schedule|sysConfig)\./);
});

test('SHELL-044: every key core can emit is translated in en and zh-TW', () => {
  for (const [lang, core] of Object.entries(translations)) {
    const missing = keys.filter((key) => !lookup(core, key));
    expect({ lang, missing }).toEqual({ lang, missing: [] });
  }
});

test('SHELL-044: translations keep exactly the placeholders of the zh-CN template', () => {
  const catalogue = templates();
  const undocumented = keys.filter((key) => !catalogue.has(key));
  expect({ undocumentedInReadme: undocumented }).toEqual({ undocumentedInReadme: [] });
  for (const [lang, core] of Object.entries(translations)) {
    for (const key of keys) {
      const text = lookup(core, key) ?? '';
      const expected = placeholders(catalogue.get(key) ?? '', false);
      expect({ lang, key, placeholders: placeholders(text, true) }).toEqual({ lang, key, placeholders: expected });
      // A core-style `{name}` left in a translation would show verbatim.
      expect({ lang, key, single: placeholders(text.replace(/\{\{\w+\}\}/g, ''), false) }).toEqual({ lang, key, single: [] });
    }
  }
});

test('SHELL-044: core messages follow a language switch; a form’s own pattern message stays as written', async () => {
  const required = { key: 'field.required', params: { label: '名称' }, text: '名称不能为空' };
  const fallback = { key: 'field.format', params: { label: 'Code' }, text: 'Code格式不正确' };
  const own = { key: 'field.pattern', params: { label: 'Code' }, text: '请输入6位数字' };
  initI18n('en');
  expect(coreText(required)).toBe('名称 is required');
  expect(coreText({ key: 'upload.fileSize', params: { size: '10', unit: 'MB' }, text: '文件大小超过10MB' })).toBe(
    'The file is larger than 10MB',
  );
  expect(coreText(fallback)).toBe('Code has an invalid format');
  expect(coreText(own)).toBe('请输入6位数字');
  await i18n.changeLanguage('zh-TW');
  expect(coreText(required)).toBe('名称不能為空');
  expect(coreText({ key: 'import.tooMany', params: { max: '500' }, text: '导入数据不能超过500条' })).toBe(
    '匯入資料不能超過500筆',
  );
  expect(coreText(own)).toBe('请输入6位数字');
  await i18n.changeLanguage('zh-CN');
  expect(coreText(fallback)).toBe('Code格式不正确');
});
