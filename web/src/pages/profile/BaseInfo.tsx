/**
 * Basic info (PROF-003): shown read-only, edited in place. Phone and e-mail are checked by
 * the rules core's named rules; the server checks again.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, DatePicker, Descriptions, Form, Input, Select, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getBaseInfo, updateBaseInfo, type BaseInfo as Info } from '@/api/user';
import { checkRule } from '@/core';
import { coreText } from '@/i18n';
import { useUser } from '@/stores/user';

type FormValues = Omit<Partial<Info>, 'birthday'> & { birthday?: Dayjs | null };

const EDITABLE = [
  'realName',
  'gender',
  'birthday',
  'mobilePhone',
  'telePhone',
  'email',
  'nation',
  'nativePlace',
  'education',
  'urgentContacts',
  'urgentTelePhone',
  'postalAddress',
  'signature',
] as const;

/** An antd rule running a named rule of the core on non-empty values. */
const coreRule = (rule: string) => ({
  validator: async (_: unknown, value: string) => {
    if (!value) return;
    const problem = await checkRule(rule, value);
    if (problem) throw new Error(coreText(problem));
  },
});

export default function BaseInfo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [info, setInfo] = useState<Info | null>(null);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

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
      ...Object.fromEntries(EDITABLE.map((k) => [k, info[k] ?? undefined])),
      gender: info.gender ? String(info.gender) : undefined,
      birthday: info.birthday ? dayjs(info.birthday) : null,
    });
    setEditing(true);
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const res = await updateBaseInfo({ ...values, birthday: values.birthday ? values.birthday.valueOf() : null });
      message.success(res.msg || t('profile.saved'), 1.5); // HTTP-014
      const user = useUser.getState().userInfo;
      if (user && values.realName) useUser.setState({ userInfo: { ...user, userName: values.realName } });
      setEditing(false);
      load();
    } catch (error) {
      const fields = (error as { data?: Record<string, string[]> | null })?.data;
      if (fields && typeof fields === 'object')
        form.setFields(Object.entries(fields).filter(([, v]) => Array.isArray(v)).map(([name, errors]) => ({ name: name as keyof FormValues, errors })));
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
            { key: 'birthday', label: t('profile.birthday'), children: info.birthday ? dayjs(info.birthday).format('YYYY-MM-DD') : '-' },
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
              children: info.creatorTime ? dayjs(info.creatorTime).format('YYYY-MM-DD HH:mm') : '-',
            },
          ]}
        />
      </div>
    );
  }

  return (
    <Form form={form} layout="vertical" onFinish={save} className="qm-base-info-form" style={{ maxWidth: 640 }}>
      <Form.Item
        name="realName"
        label={t('profile.realName')}
        rules={[
          { required: true, whitespace: true, message: t('profile.realNameRequired') },
          { max: 50, message: t('profile.realNameMax') },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="gender" label={t('profile.gender')}>
        <Select allowClear options={['1', '2', '3'].map((g) => ({ value: g, label: t(`profile.genders.${g}`) }))} />
      </Form.Item>
      <Form.Item name="birthday" label={t('profile.birthday')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mobilePhone" label={t('profile.mobilePhone')} rules={[coreRule('phone')]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="telePhone" label={t('profile.telePhone')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')} rules={[coreRule('email')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="urgentContacts" label={t('profile.urgentContacts')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="urgentTelePhone" label={t('profile.urgentTelePhone')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="postalAddress" label={t('profile.postalAddress')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="signature" label={t('profile.signature')}>
        <Input.TextArea maxLength={500} rows={3} />
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
