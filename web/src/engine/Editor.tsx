/**
 * The editor widget (JNPF-Quill): the shared rich-text field with the JNPF editor's toolbar.
 * Loaded on demand, so forms without an editor do not download Quill.
 */
import { RichTextEditor } from '@/components/RichTextEditor';

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

export default function Editor(props: EditorProps) {
  return (
    <div className="qm-engine-editor">
      <RichTextEditor {...props} toolbar={TOOLBAR} minHeight={160} />
    </div>
  );
}
