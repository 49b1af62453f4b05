/**
 * Basic info (PROF-003): shown read-only, edited in place. Every text field's limit, whether it
 * is required and its named rule come from the rules core (`baseInfoFields`), which the server
 * checks the same save with (`checkBaseInfo`); a save sends only the fields the form shows, so
 * the others stay as they are.
 */
import { inZone, wallMs } from '@/utils/clock';
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Descriptions, Form, Input, Select, Skeleton } from 'antd';
import { DatePicker } from '@/components/zonedPickers';
import { EditOutlined } from '@ant-design/icons';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BaseInfoField } from '@qiming/core';
import { getBaseInfo, updateBaseInfo, type BaseInfo as Info } from '@/api/user';
import { baseInfoFields, checkBaseInfo } from '@/core';
import { coreText } from '@/i18n';
import { useUser } from '@/stores/user';
import { applyServerErrors } from '@/utils/formErrors';
import { DATE_FORMAT } from '@/utils/format';

type FormValues = Omit<Partial<Info>, 'birthday'> & { birthday?: Dayjs | null };

/** The text fields the form shows (and sends), in its order. */
const TEXT_FIELDS = [
  'realName',
  'mobilePhone',
  'telePhone',
  'email',
  'urgentContacts',
  'urgentTelePhone',
  'postalAddress',
  'signature',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** What the form shows, hence what a save sends. */
const SHOWN = [...TEXT_FIELDS, 'gender', 'birthday'] as const;

/** An antd rule checking one field through the core, exactly as the server will. */
const coreCheck = (name: string) => ({
  validator: async (_: unknown, value: unknown) => {
    const problems = (await checkBaseInfo({ [name]: value ?? null }))[name];
    if (problems?.length) throw new Error(coreText(problems[0]));
  },
});

export default function BaseInfo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [info, setInfo] = useState<Info | null>(null);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, BaseInfoField> | null>(null);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    baseInfoFields().then(
      (list) => setFields(Object.fromEntries(list.map((f) => [f.name, f]))),
      () => undefined,
    );
  }, []);

  const load = useCallback(() => {
    setLoading(true);
    getBaseInfo()
      .then(({ data }) => setInfo(data), () => undefined) // HTTP-015: a failed load only stops loading
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const edit = () => {
    if (!info) return;
    form.setFieldsValue({
      ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, info[k] ?? undefined])),
      gender: info.gender ? String(info.gender) : undefined,
      birthday: info.birthday ? inZone(info.birthday) : null,
    });
    setEditing(true);
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const shown = Object.fromEntries(SHOWN.map((k) => [k, values[k]])) as FormValues;
      const res = await updateBaseInfo({ ...shown, birthday: values.birthday ? wallMs(values.birthday.format('YYYY-MM-DD')) : null });
      message.success(res.msg || t('profile.saved'), 1.5); // HTTP-014
      const user = useUser.getState().userInfo;
      if (user && values.realName) useUser.setState({ userInfo: { ...user, userName: values.realName } });
      setEditing(false);
      load();
    } catch (error) {
      applyServerErrors(form, error); // the server's per-field messages under the fields
    } finally {
      setSaving(false);
    }
  };

  if (loading && !info) return <Skeleton active />;
  if (!info) return null;

  const gender = (g: Info['gender']) => (g ? t(`profile.genders.${g}`, { defaultValue: String(g) }) : '-');
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

  if (!editing) {
    return (
      <div className="qm-base-info">
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="middle"
          extra={
            <Button icon={<EditOutlined />} onClick={edit}>
              {t('profile.editInfo')}
            </Button>
          }
          items={[
            { key: 'account', label: t('profile.account'), children: info.account },
            { key: 'realName', label: t('profile.realName'), children: info.realName },
            { key: 'gender', label: t('profile.gender'), children: gender(info.gender) },
            { key: 'birthday', label: t('profile.birthday'), children: info.birthday ? inZone(info.birthday).format('YYYY-MM-DD') : '-' },
            { key: 'mobilePhone', label: t('profile.mobilePhone'), children: text(info.mobilePhone) },
            { key: 'telePhone', label: t('profile.telePhone'), children: text(info.telePhone) },
            { key: 'email', label: t('profile.email'), children: text(info.email) },
            { key: 'organize', label: t('profile.organize'), children: text(info.organize) },
            { key: 'position', label: t('profile.position'), children: text(info.position) },
            { key: 'urgentContacts', label: t('profile.urgentContacts'), children: text(info.urgentContacts) },
            { key: 'urgentTelePhone', label: t('profile.urgentTelePhone'), children: text(info.urgentTelePhone) },
            { key: 'postalAddress', label: t('profile.postalAddress'), children: text(info.postalAddress) },
            { key: 'signature', label: t('profile.signature'), children: text(info.signature), span: 'filled' },
            {
              key: 'creatorTime',
              label: t('profile.creatorTime'),
              children: info.creatorTime ? inZone(info.creatorTime).format(DATE_FORMAT) : '-',
            },
          ]}
        />
      </div>
    );
  }

  if (!fields) return <Skeleton active />;
  /** A text field's Form.Item settings from the core: its check and whether it is required. */
  const item = (name: TextField) => ({ name, rules: [coreCheck(name)], required: fields[name]?.required });
  const maxLength = (name: TextField) => fields[name]?.maxLength;

  return (
    <Form form={form} layout="vertical" onFinish={save} className="qm-base-info-form" style={{ maxWidth: 640 }}>
      <Form.Item {...item('realName')} label={t('profile.realName')}>
        <Input maxLength={maxLength('realName')} />
      </Form.Item>
      <Form.Item name="gender" label={t('profile.gender')}>
        <Select allowClear options={['1', '2', '3'].map((g) => ({ value: g, label: t(`profile.genders.${g}`) }))} />
      </Form.Item>
      <Form.Item name="birthday" label={t('profile.birthday')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('mobilePhone')} label={t('profile.mobilePhone')}>
        <Input maxLength={maxLength('mobilePhone')} />
      </Form.Item>
      <Form.Item {...item('telePhone')} label={t('profile.telePhone')}>
        <Input maxLength={maxLength('telePhone')} />
      </Form.Item>
      <Form.Item {...item('email')} label={t('profile.email')}>
        <Input maxLength={maxLength('email')} />
      </Form.Item>
      <Form.Item {...item('urgentContacts')} label={t('profile.urgentContacts')}>
        <Input maxLength={maxLength('urgentContacts')} />
      </Form.Item>
      <Form.Item {...item('urgentTelePhone')} label={t('profile.urgentTelePhone')}>
        <Input maxLength={maxLength('urgentTelePhone')} />
      </Form.Item>
      <Form.Item {...item('postalAddress')} label={t('profile.postalAddress')}>
        <Input maxLength={maxLength('postalAddress')} />
      </Form.Item>
      <Form.Item {...item('signature')} label={t('profile.signature')}>
        <Input.TextArea maxLength={maxLength('signature')} rows={3} />
      </Form.Item>
      <div className="qm-form-actions">
        <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
