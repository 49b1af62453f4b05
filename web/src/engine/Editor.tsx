/**
 * The editor widget (JNPF-Quill): Quill with the snow toolbar, holding HTML. Loaded on demand
 * with its styles, so forms without an editor do not download Quill.
 */
import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';

/** WGT-106: the JNPF editor's toolbar. */
const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ color: [] }, { background: [] }],
  ['blockquote', 'code-block'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  [{ direction: 'rtl' }],
  ['clean'],
  ['link', 'image'],
];

export interface EditorProps {
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
}

export default function Editor({ value, onChange, onBlur, disabled, placeholder }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const latest = useRef({ onChange, onBlur });
  latest.current = { onChange, onBlur };

  useEffect(() => {
    if (!host.current) return;
    const box = document.createElement('div');
    host.current.appendChild(box);
    const editor = new Quill(box, { theme: 'snow', placeholder, modules: { toolbar: TOOLBAR } });
    editor.clipboard.dangerouslyPasteHTML(value || '');
    editor.on('text-change', () => {
      const html = editor.root.innerHTML;
      latest.current.onChange(html === '<p><br></p>' ? '' : html);
    });
    editor.on('selection-change', (range) => {
      if (!range) latest.current.onBlur?.();
    });
    quill.current = editor;
    const node = host.current;
    return () => {
      quill.current = null;
      node.innerHTML = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Quill is made once per mount
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (editor && editor.root.innerHTML !== value && !(value === '' && editor.getText().trim() === '')) editor.clipboard.dangerouslyPasteHTML(value || '');
  }, [value]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled]);

  return <div className="qm-engine-editor" ref={host} />;
}
