/**
 * A rich-text field with Quill's snow theme and toolbar (the notice body, spec 01 §2.5's rich
 * body). Its value is HTML; the server sanitises what it stores, so nothing is cleaned here.
 * Quill is loaded when the editor first shows, off the main bundle.
 */
import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import 'quill/dist/quill.snow.css';

/** The snow toolbar of the JNPF notice form. */
export const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['blockquote', 'code-block', 'link', 'image'],
  ['clean'],
];

interface Props {
  value?: string | null;
  onChange?(html: string): void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

type QuillInstance = import('quill').default;

export function RichTextEditor({ value, onChange, placeholder, id, 'aria-label': label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<QuillInstance | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [ready, setReady] = useState(false);
  // The HTML the editor last reported, so an echo of it does not reset the cursor.
  const reported = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    void import('quill').then(({ default: Quill }) => {
      if (!alive || !host.current) return;
      const editor = new Quill(host.current, { theme: 'snow', placeholder, modules: { toolbar: TOOLBAR } });
      if (value) editor.clipboard.dangerouslyPasteHTML(value);
      editor.root.setAttribute('aria-label', label ?? placeholder ?? '');
      editor.root.setAttribute('role', 'textbox');
      editor.on('text-change', () => {
        const html = editor.getText().trim() === '' && !editor.root.querySelector('img') ? '' : editor.getSemanticHTML();
        reported.current = html;
        changed.current?.(html);
      });
      quill.current = editor;
      setReady(true);
    });
    return () => {
      alive = false;
      quill.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is made once
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (!editor || value === reported.current) return;
    reported.current = value ?? '';
    editor.setContents([]);
    if (value) editor.clipboard.dangerouslyPasteHTML(value);
  }, [value, ready]);

  return (
    <div className="qm-rich-text" id={id}>
      {!ready && <Spin size="small" />}
      <div ref={host} style={{ minHeight: 240 }} />
    </div>
  );
}
