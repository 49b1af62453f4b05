/**
 * 导入 of a list that takes back its own export (a dictionary's .bdd, a serial-number rule's
 * .bb; DICT-018): the button opens the file chooser limited to `accept`, sends the chosen
 * file at once and spins while it goes. The server checks the file whole: a success shows its
 * msg for 1.5 s and tells the list; a refusal (not such a file, a code that exists, …) was
 * already shown by the HTTP client with the server's own message, and nothing changes.
 */
import { useRef, useState } from 'react';
import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';

interface Props {
  /** The file type the chooser offers, e.g. '.bdd'. */
  accept: string;
  upload(file: File): Promise<Envelope<unknown>>;
  onImported(): void;
  /** What the button says to assistive technology (defaults to 导入). */
  label?: string;
}

export function ImportButton({ accept, upload, onImported, label }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await upload(file);
      void message.success(res.msg || t('manage.importDone'), 1.5);
      onImported();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
      // The same file chosen again (after fixing it) must still fire a change.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} loading={busy} aria-label={label} onClick={() => input.current?.click()}>
        {t('manage.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        // Also inside a form item, whose styles show a file input as a block.
        style={{ display: 'none' }}
        onChange={(e) => void send(e.target.files?.[0])}
      />
    </>
  );
}
