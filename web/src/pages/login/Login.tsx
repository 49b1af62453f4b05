/**
 * The login page (spec 01 §1, AUTH-001..007): account + password (+ captcha when the account
 * needs one, AUTH-012), and the app-scan and verification-code modes as tabs that say they
 * need a configured provider. The WASM core starts loading when the page is idle or the
 * password gets focus; the password leaves the browser only as its MD5.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, QrcodeOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getConfig, getLoginConfig, loginCaptchaUrl } from '@/api/auth';
import { afterLogin } from '@/app/guard';
import { useChangeLanguage } from '@/app/language';
import { LANGUAGES } from '@/i18n';
import { useApp } from '@/stores/app';
import { preloadCore } from '@/core';
import { useSettings } from '@/stores/settings';
import { useUser } from '@/stores/user';
import './login.css';

interface Values {
  account: string;
  password: string;
  code?: string;
}

const newKey = () => String(Math.random());

function AccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const needCodeStored = useSettings((s) => s.loginNeedCode);
  const [needCode, setNeedCode] = useState(needCodeStored);
  const [codeLength, setCodeLength] = useState(4);
  const [captchaKey, setCaptchaKey] = useState(newKey);
  const [submitting, setSubmitting] = useState(false);
  const checkedAccount = useRef<string | null>(null);

  useEffect(preloadCore, []);

  /** AUTH-012: ask whether this account signs in with a captcha. */
  const checkCaptcha = async (account: string) => {
    const name = account.trim();
    if (!name || checkedAccount.current === name) return;
    checkedAccount.current = name;
    try {
      const { data } = await getConfig(name);
      const need = !!Number(data.enableVerificationCode);
      setNeedCode(need);
      setCodeLength(data.verificationCodeNumber || 4);
      useSettings.getState().set('loginNeedCode', need);
      if (need) setCaptchaKey(newKey());
    } catch {
      checkedAccount.current = null;
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      await checkCaptcha(values.account);
      const need = useSettings.getState().loginNeedCode;
      if (need && !values.code?.trim()) {
        form.setFields([{ name: 'code', errors: [t('login.codeRequired')] }]);
        return;
      }
      await useUser.getState().login({
        account: values.account,
        password: values.password,
        code: need ? (values.code ?? '').trim() : '',
        timestamp: need ? captchaKey : '',
      });
      navigate(afterLogin(location.search), { replace: true });
    } catch {
      // The server's message was shown by the HTTP client; a captcha is good for one try.
      if (needCode) {
        setCaptchaKey(newKey());
        form.setFieldValue('code', '');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={submit} className="qm-login-form" autoComplete="on">
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          aria-label={t('login.account')}
          autoComplete="username"
          onBlur={(e) => void checkCaptcha(e.target.value)}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          onFocus={preloadCore}
        />
      </Form.Item>
      {needCode && (
        <Form.Item required>
          <div className="qm-login-code">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('login.codePlaceholder')} aria-label={t('login.code')} maxLength={codeLength} autoComplete="off" />
            </Form.Item>
            <img
              className="qm-captcha"
              src={loginCaptchaUrl(codeLength, captchaKey)}
              alt={t('login.code')}
              title={t('login.codeRefresh')}
              onClick={() => setCaptchaKey(newKey())}
            />
          </div>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}

/** A login mode that needs a provider the administrator has not configured yet. */
function NeedsProvider({ icon, title, desc, onBack }: { icon: React.ReactNode; title: string; desc: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="qm-login-provider">
      <div className="qm-login-provider-icon">{icon}</div>
      <h3>{title}</h3>
      <p>{desc}</p>
      <Button onClick={onBack}>{t('login.useAccount')}</Button>
    </div>
  );
}

/** The three languages as links: lighter than the navbar's dropdown on the page that must load fast. */
function LanguageLinks() {
  const { t } = useTranslation();
  const current = useApp((s) => s.language);
  const change = useChangeLanguage();
  return (
    <nav className="qm-login-lang" aria-label={t('navbar.language')}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          type="link"
          size="small"
          aria-current={language === current}
          className={language === current ? 'active' : undefined}
          onClick={() => language !== current && void change(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </nav>
  );
}

export default function Login() {
  const { t } = useTranslation();
  const config = useSettings((s) => s.sysConfig);
  const [tab, setTab] = useState('account');
  const [sso, setSso] = useState<string | null>(null);
  const title = config.title || t('common.appName');

  useEffect(() => {
    getLoginConfig().then(
      ({ data }) => setSso(data.redirect && data.url ? data.url : null),
      () => undefined,
    );
  }, []);

  return (
    <div className="qm-login">
      <section className="qm-login-brand" aria-hidden>
        <img src={config.loginIcon || config.logoIcon || '/logo.svg'} alt="" className="qm-login-logo" />
        <h2>{title}</h2>
        <p>{t('login.subtitle')}</p>
      </section>
      <section className="qm-login-panel">
        <LanguageLinks />
        <div className="qm-login-card">
          <h1>{t('login.welcome')}</h1>
          {sso ? (
            <>
              <Alert type="info" showIcon title={t('login.ssoDesc')} style={{ marginBottom: 24 }} />
              <Button type="primary" size="large" block href={sso}>
                {t('login.sso')}
              </Button>
            </>
          ) : (
            <Tabs
              activeKey={tab}
              onChange={setTab}
              centered
              items={[
                { key: 'account', label: t('login.tabAccount'), children: <AccountForm /> },
                {
                  key: 'scan',
                  label: t('login.tabScan'),
                  children: <NeedsProvider icon={<QrcodeOutlined />} title={t('login.scanTitle')} desc={t('login.scanDesc')} onBack={() => setTab('account')} />,
                },
                {
                  key: 'sms',
                  label: t('login.tabSms'),
                  children: <NeedsProvider icon={<MobileOutlined />} title={t('login.smsTitle')} desc={t('login.smsDesc')} onBack={() => setTab('account')} />,
                },
              ]}
            />
          )}
        </div>
        {config.copyright && <footer className="qm-login-footer">{config.copyright}</footer>}
      </section>
    </div>
  );
}
