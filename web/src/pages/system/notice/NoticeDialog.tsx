/**
 * A notice's form (新建 / 编辑 of a draft; MSG-022; jnpf-wire-areas.md §4): title, type
 * (NoticeType), addressees (the mixed picker: organisations, roles, positions, groups, users;
 * none is everyone), expiry, reminder, excerpt, the rich body (Quill snow) and attachments.
 * The server checks every field and its refusal shows under the field it names; the body's
 * HTML is sanitised there.
 */
import { inZone, pickedMs } from '@/utils/clock';
import { useEffect, useState } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { DatePicker } from '@/components/zonedPickers';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createNotice, getNotice, getSendConfigs, updateNotice, type NoticeForm, type NoticeInfo, type SendConfig } from '@/api/message';
import type { DictionaryItem } from '@/api/dictionary';
import type { FileEntry } from '@/api/file';
import { RichTextEditor } from '@/components/RichTextEditor';
import { UsersSelect } from '@/widgets/pickers/UsersSelect';
import { UploadFz } from '@/widgets/upload';
import { RecordFormDialog } from '@/components/EntityFormDialog';
import { filesOf } from '@/app/messages/MessageView';

export const NOTICE_DIALOG_WIDTH = 1000;

export interface NoticeValues {
  title: string;
  category?: string;
  toUserIds: string[];
  expirationTime?: Dayjs | null;
  remindCategory: number;
  /** The send configuration of a custom reminder (remindCategory 2). */
  sendConfigId?: string;
  excerpt: string;
  bodyText: string;
  files: FileEntry[];
}

const EMPTY: NoticeValues = { title: '', toUserIds: [], expirationTime: null, remindCategory: 1, excerpt: '', bodyText: '', files: [] };

const toValues = (data: NoticeInfo | null): NoticeValues =>
  data
    ? {
        title: data.title,
        category: data.category || undefined,
        toUserIds: data.toUserIds ? data.toUserIds.split(',').filter(Boolean) : [],
        expirationTime: data.expirationTime ? inZone(data.expirationTime) : null,
        remindCategory: data.remindCategory || 1,
        sendConfigId: data.sendConfigId || undefined,
        excerpt: data.excerpt,
        bodyText: data.bodyText,
        files: filesOf(data.files),
      }
    : EMPTY;

export function toWire(v: NoticeValues): NoticeForm {
  return {
    title: v.title,
    category: v.category ?? '',
    toUserIds: (v.toUserIds ?? []).join(','),
    expirationTime: v.expirationTime ? pickedMs(v.expirationTime) : null,
    remindCategory: v.remindCategory,
    ...(v.remindCategory === 2 ? { sendConfigId: v.sendConfigId ?? '' } : {}),
    excerpt: v.excerpt ?? '',
    bodyText: v.bodyText ?? '',
    files: JSON.stringify(v.files ?? []),
  };
}

interface Props {
  target: { id: string } | null;
  categories: DictionaryItem[];
  onClose(): void;
  onSaved(): void;
}

export function NoticeDialog({ target, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeValues>();
  // The custom reminder's choices (MSG-024), asked for once the dialog opens.
  const [sendConfigs, setSendConfigs] = useState<SendConfig[] | null>(null);
  useEffect(() => {
    if (target === null || sendConfigs !== null) return;
    getSendConfigs().then(
      ({ data }) => setSendConfigs(data.list),
      () => setSendConfigs([]),
    );
  }, [target, sendConfigs]);

  return (
    <RecordFormDialog<NoticeInfo, NoticeValues> target={target} titles={[t('notice.add'), t('notice.edit')]} name="notice" form={form}
      api={{ get: getNotice, create: createNotice, update: updateNotice }} toValues={toValues} toWire={(v) => toWire({ ...EMPTY, ...v })}
      onClose={onClose} onSaved={onSaved} className="qm-notice-dialog" width={NOTICE_DIALOG_WIDTH}>
      <Form.Item name="title" label={t('notice.title')} required>
        <Input maxLength={200} placeholder={t('notice.titlePlaceholder')} />
      </Form.Item>
      <Form.Item name="category" label={t('notice.category')} required>
        <Select placeholder={t('notice.categoryPlaceholder')} options={categories.map((d) => ({ value: d.enCode, label: d.fullName }))} />
      </Form.Item>
      <Form.Item name="toUserIds" label={t('notice.toUserIds')} extra={t('notice.everyoneHint')}>
        <UsersSelect multiple placeholder={t('notice.everyone')} />
      </Form.Item>
      <Form.Item name="expirationTime" label={t('notice.expirationTime')}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="remindCategory" label={t('notice.remindCategory')} required>
        <Radio.Group
          options={[
            { value: 1, label: t('notice.remindDefault') },
            { value: 2, label: t('notice.remindCustom') },
            { value: 3, label: t('notice.remindNone') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['remindCategory']}>
        {() =>
          form.getFieldValue('remindCategory') === 2 && (
            <Form.Item name="sendConfigId" label={t('notice.sendConfig')} required>
              <Select
                aria-label={t('notice.sendConfig')}
                placeholder={t('notice.sendConfigPlaceholder')}
                loading={sendConfigs === null}
                options={(sendConfigs ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="excerpt" label={t('notice.excerpt')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="bodyText" label={t('notice.bodyText')}>
        <RichTextEditor aria-label={t('notice.bodyText')} />
      </Form.Item>
      <Form.Item name="files" label={t('notice.files')}>
        <UploadFz type="annex" />
      </Form.Item>
    </RecordFormDialog>
  );
}
