/**
 * 重置密码 of a user (ORG-022; jnpf-wire-areas.md §1.1): a 600px dialog (spec 01 §9) with the new
 * password and its repeat. Both are required by the rules core's resetPassword form (新密码不能为空,
 * 请再次输入新密码), the new one must keep the password policy (checkPassword) and the repeat must
 * match it (checkRepeat, 两次输入密码不一致) — all answered by the core as typed, nothing checked in
 * TypeScript. Both travel as MD5, with the typed password for the server's own policy check; its
 * refusals stand under the fields. The user's sessions end and they must change the password at
 * the next sign-in.
 */
import { useState } from 'react';
import { Alert, App, Form, Input } from 'antd';
import { FormModal } from '@/components/FormModal';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { resetUserPassword } from '@/api/users';
import { checkPassword, checkRepeat, md5Hex } from '@/core';
import { useEntityRules } from '@/hooks/useEntityRules';
import { coreText } from '@/i18n';
import { usePolicyHint } from '@/pages/profile/PasswordForm';
import { useUser } from '@/stores/user';
import { applyServerErrors } from '@/utils/formErrors';

interface Values {
  userPassword: string;
  validatePassword: string;
}

interface Props {
  /** The user whose password is reset; closed when null. */
  user: { id: string; name: string } | null;
  onClose(): void;
}

export function ResetPasswordDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useEntityRules('resetPassword', form);
  const policy = useUser((s) => s.passwordPolicy);
  const hint = usePolicyHint(policy);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!user) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the core's messages are under the fields
    }
    setSaving(true);
    try {
      const res = await resetUserPassword(user.id, {
        userPassword: await md5Hex(values.userPassword),
        validatePassword: await md5Hex(values.validatePassword),
        plainPassword: values.userPassword,
      });
      void message.success(res.msg || t('manage.done'), 1.5);
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const item = rules.item('userPassword');
  const repeat = rules.item('validatePassword');
  return (
    <FormModal open={user !== null} title={t('user.resetPassword')} className="qm-user-reset-password" confirmLoading={saving}
      onOk={() => void submit()} onCancel={onClose}>
      <Alert type="info" showIcon title={t('user.resetPasswordTip', { name: user?.name ?? '' })} style={{ marginBottom: 16 }} />
      <Form form={form} name="resetPassword" layout="horizontal" labelCol={{ flex: '100px' }} wrapperCol={{ flex: 1 }} autoComplete="off" preserve={false}>
        <Form.Item
          {...item}
          label={t('user.newPassword')}
          extra={hint}
          validateFirst
          rules={[
            ...item.rules,
            {
              validator: async (_rule, value: string) => {
                const problems = await checkPassword(policy, value ?? '');
                if (problems.length) throw new Error(problems.map(coreText).join('；'));
              },
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('user.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          {...repeat}
          label={t('user.repeatPassword')}
          dependencies={['userPassword']}
          validateFirst
          rules={[
            ...repeat.rules,
            {
              validator: async (_rule, value: string) => {
                const problem = await checkRepeat(form.getFieldValue('userPassword') ?? '', value ?? '');
                if (problem) throw new Error(coreText(problem));
              },
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('user.repeatPassword')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
