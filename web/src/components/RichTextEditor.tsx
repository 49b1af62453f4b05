/**
 * A rich-text field on Quill's snow theme, holding HTML: the notice body (spec 01 §2.5) and the
 * form engine's editor widget (WGT-106) are both this one component, each with its toolbar.
 * The server sanitises what it stores, so nothing is cleaned here. Quill is loaded when the
 * editor first shows, off the main bundle.
 */
import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import 'quill/dist/quill.snow.css';

/** The snow toolbar of the JNPF notice form. */
export const NOTICE_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['blockquote', 'code-block', 'link', 'image'],
  ['clean'],
];

export interface RichTextEditorProps {
  value?: string | null;
  onChange?(html: string): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  toolbar?: unknown[];
  minHeight?: number;
}

type QuillInstance = import('quill').default;

/**
 * Quill's header and size pickers print English words from its stylesheet ('Normal',
 * 'Heading 1', 'Small', …) unless an item carries a `data-label` — then that label shows, and
 * choosing an item copies it to the picker's face. Labels every item in the current language
 * and the face as it stands.
 */
export function labelPickers(toolbar: ParentNode, t: TFunction): void {
  for (const kind of ['header', 'size'] as const) {
    for (const picker of toolbar.querySelectorAll<HTMLElement>(`.ql-picker.ql-${kind}`)) {
      const items = [...picker.querySelectorAll<HTMLElement>('.ql-picker-item')];
      for (const item of items) item.setAttribute('data-label', t(`richText.${kind}.${item.getAttribute('data-value') || 'normal'}`));
      const face = picker.querySelector<HTMLElement>('.ql-picker-label');
      const chosen = items.find((i) => i.classList.contains('ql-selected')) ?? items.find((i) => !i.hasAttribute('data-value'));
      if (face && chosen) face.setAttribute('data-label', chosen.getAttribute('data-label') ?? '');
    }
  }
}

export function RichTextEditor({
  value,
  onChange,
  onBlur,
  disabled,
  placeholder,
  id,
  'aria-label': label,
  toolbar = NOTICE_TOOLBAR,
  minHeight = 240,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<QuillInstance | null>(null);
  const latest = useRef({ onChange, onBlur });
  latest.current = { onChange, onBlur };
  const [ready, setReady] = useState(false);
  // The HTML the editor last reported, so an echo of it does not reset the cursor.
  const reported = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    const node = host.current;
    void import('quill').then(({ default: Quill }) => {
      if (!alive || !node) return;
      // Quill puts its toolbar beside the element it is given: a box of our own inside the
      // host keeps both removable, so a second mount never shows two toolbars.
      const box = document.createElement('div');
      box.style.minHeight = `${minHeight}px`;
      node.appendChild(box);
      const editor = new Quill(box, { theme: 'snow', placeholder, modules: { toolbar } });
      labelPickers(node, t);
      if (value) editor.clipboard.dangerouslyPasteHTML(value);
      reported.current = value ?? '';
      editor.root.setAttribute('aria-label', label ?? placeholder ?? '');
      editor.root.setAttribute('role', 'textbox');
      editor.on('text-change', () => {
        const html = editor.getText().trim() === '' && !editor.root.querySelector('img') ? '' : editor.getSemanticHTML();
        reported.current = html;
        latest.current.onChange?.(html);
      });
      editor.on('selection-change', (range) => {
        if (!range) latest.current.onBlur?.();
      });
      quill.current = editor;
      setReady(true);
    });
    return () => {
      alive = false;
      quill.current = null;
      if (node) node.innerHTML = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is made once per mount
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (!editor || (value ?? '') === reported.current) return;
    reported.current = value ?? '';
    editor.setContents([]);
    if (value) editor.clipboard.dangerouslyPasteHTML(value);
  }, [value, ready]);

  useEffect(() => {
    if (ready && host.current) labelPickers(host.current, t);
  }, [t, ready]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled, ready]);

  return (
    <div className="qm-rich-text" id={id}>
      {!ready && <Spin size="small" />}
      <div ref={host} />
    </div>
  );
}
