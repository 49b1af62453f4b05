/**
 * The change-password form (spec 01 §5.6, AUTH-025..037), used by the profile page and the
 * forced first-login dialog. The policy checks come from the rules core (checkPassword,
 * checkRepeat); the server checks again. On success every session of the user ends, so the
 * form signs out and goes to /login.
 */
import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { modifyPassword, passwordCaptchaUrl } from '@/api/user';
import type { PasswordPolicy } from '@qiming/core';
import { checkPassword, checkRepeat, md5Hex, preloadCore } from '@/core';
import { coreText } from '@/i18n';
import { useUser } from '@/stores/user';
import { applyServerErrors } from '@/utils/formErrors';
import { MESSAGE_SECONDS } from '@/app/toast';

interface Values {
  oldPassword: string;
  password: string;
  repeat: string;
  code: string;
}

const newKey = () => String(Math.random());

/** The policy in words, so the user knows the rules before breaking them. */
export function usePolicyHint(policy: PasswordPolicy): string | null {
  const { t } = useTranslation();
  if (Number(policy.passwordStrengthLimit) !== 1) return null;
  const parts: string[] = [];
  if (Number(policy.passwordLengthMin) === 1) parts.push(t('password.policyMin', { n: policy.passwordLengthMinNumber ?? 0 }));
  if (Number(policy.containsNumbers) === 1) parts.push(t('password.policyNumber'));
  if (Number(policy.includeLowercaseLetters) === 1) parts.push(t('password.policyLower'));
  if (Number(policy.includeUppercaseLetters) === 1) parts.push(t('password.policyUpper'));
  if (Number(policy.containsCharacters) === 1) parts.push(t('password.policySpecial'));
  return parts.length ? t('password.policy') + parts.join(t('password.policySeparator')) : null;
}

export default function PasswordForm({ extraActions }: { extraActions?: React.ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const policy = useUser((s) => s.passwordPolicy);
  const [captchaKey, setCaptchaKey] = useState(newKey);
  const [saving, setSaving] = useState(false);
  const hint = usePolicyHint(policy);
  useMemo(preloadCore, []);

  const refreshCaptcha = () => {
    setCaptchaKey(newKey());
    form.setFieldValue('code', '');
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const res = await modifyPassword({
        oldPassword: await md5Hex(values.oldPassword),
        password: await md5Hex(values.password),
        plainPassword: values.password,
        code: values.code.trim(),
        timestamp: captchaKey,
      });
      // AUTH-037: the answer's msg; the server has ended every session of this user.
      message.success(res.msg, MESSAGE_SECONDS);
      useUser.getState().resetToken();
      navigate('/login');
    } catch (error) {
      refreshCaptcha(); // a captcha answers one check only
      // The server checks the typed password as plainPassword; the form calls it password.
      applyServerErrors(form, error, { plainPassword: 'password' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="qm-password-form" requiredMark={false}>
      <Form.Item name="oldPassword" label={t('password.oldPassword')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('password.oldPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password.newPassword')}
        extra={hint}
        validateFirst
        rules={[
          {
            validator: async (_, value: string) => {
              const problems = await checkPassword(policy, value ?? '');
              if (problems.length) throw new Error(problems.map(coreText).join('；'));
            },
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('password.repeatPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              const problem = await checkRepeat(getFieldValue('password') ?? '', value ?? '');
              if (problem) throw new Error(coreText(problem));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('password.repeatPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('password.code')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('password.codeRequired') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('password.codePlaceholder')} maxLength={6} autoComplete="off" />
          </Form.Item>
          <img
            className="qm-captcha"
            src={passwordCaptchaUrl(captchaKey)}
            alt={t('password.code')}
            title={t('login.codeRefresh')}
            onClick={refreshCaptcha}
          />
        </Space.Compact>
      </Form.Item>
      <div className="qm-form-actions">
        {extraActions}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('password.submit')}
        </Button>
      </div>
    </Form>
  );
}
