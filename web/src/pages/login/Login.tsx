/**
 * The login page (spec 01 §1, AUTH-001..007): account + password (+ captcha when the account
 * needs one, AUTH-012), and the app-scan and verification-code modes as tabs that say they
 * need a configured provider. The WASM core starts loading when the page is idle or the
 * password gets focus; the password leaves the browser only as its MD5.
 *
 * It is the first screen most visits see, so it renders only what the form needs: the three
 * modes are a light tab strip of its own (antd's Tabs measures and animates, and brings a
 * dropdown and menu along), and the single sign-on panel loads only when it is configured.
 */
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, QrcodeOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getConfig, getLoginConfig, loginCaptchaUrl } from '@/api/auth';
import { afterLogin } from '@/app/guard';
import { useChangeLanguage } from '@/app/language';
import { LANGUAGES } from '@/i18n';
import { useApp, type Size } from '@/stores/app';
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

const MODES = ['account', 'scan', 'sms'] as const;
type Mode = (typeof MODES)[number];
const MODE_LABEL: Record<Mode, string> = { account: 'login.tabAccount', scan: 'login.tabScan', sms: 'login.tabSms' };
/** The tab strip's size follows the component size, as antd's Tabs would (App.tsx, SHELL-040). */
const TAB_SIZE: Record<Size, string> = { default: 'large', medium: '', small: 'small', mini: 'small' };

/**
 * The login modes as an ARIA tab strip: arrow keys, Home and End move between the tabs; a
 * panel, once shown, stays mounted (hidden) so the form keeps what was typed.
 */
function ModeTabs({ mode, onChange, panel }: { mode: Mode; onChange: (mode: Mode) => void; panel: (mode: Mode) => React.ReactNode }) {
  const { t } = useTranslation();
  const size = useApp((s) => s.size);
  const [visited, setVisited] = useState<Mode[]>([mode]);
  if (!visited.includes(mode)) setVisited([...visited, mode]);

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = MODES.indexOf(mode);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: MODES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = MODES[(next + MODES.length) % MODES.length];
    onChange(target);
    document.getElementById(`qm-login-tab-${target}`)?.focus();
  };

  return (
    <>
      <div className={`qm-login-tabs ${TAB_SIZE[size]}`.trim()} role="tablist">
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`qm-login-tab-${m}`}
            aria-selected={m === mode}
            aria-controls={`qm-login-panel-${m}`}
            tabIndex={m === mode ? 0 : -1}
            className={m === mode ? 'qm-login-tab active' : 'qm-login-tab'}
            onClick={() => onChange(m)}
            onKeyDown={keyDown}
          >
            {t(MODE_LABEL[m])}
          </button>
        ))}
      </div>
      {MODES.filter((m) => visited.includes(m)).map((m) => (
        <div key={m} role="tabpanel" id={`qm-login-panel-${m}`} aria-labelledby={`qm-login-tab-${m}`} hidden={m !== mode}>
          {panel(m)}
        </div>
      ))}
    </>
  );
}

const SsoPanel = lazy(() => import('./SsoPanel'));

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
  const [mode, setMode] = useState<Mode>('account');
  const [sso, setSso] = useState<string | null>(null);
  const title = config.title || t('common.appName');

  // Whether single sign-on is on: asked once the form is on screen (the browser's first
  // request from a page costs the first frame about 10 ms).
  useEffect(() => {
    let live = true;
    const ask = () =>
      getLoginConfig().then(
        ({ data }) => live && setSso(data.redirect && data.url ? data.url : null),
        () => undefined,
      );
    const frame = requestAnimationFrame(() => setTimeout(ask));
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
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
            <Suspense fallback={null}>
              <SsoPanel url={sso} />
            </Suspense>
          ) : (
            <ModeTabs
              mode={mode}
              onChange={setMode}
              panel={(m) =>
                m === 'account' ? (
                  <AccountForm />
                ) : m === 'scan' ? (
                  <NeedsProvider icon={<QrcodeOutlined />} title={t('login.scanTitle')} desc={t('login.scanDesc')} onBack={() => setMode('account')} />
                ) : (
                  <NeedsProvider icon={<MobileOutlined />} title={t('login.smsTitle')} desc={t('login.smsDesc')} onBack={() => setMode('account')} />
                )
              }
            />
          )}
        </div>
        {config.copyright && <footer className="qm-login-footer">{config.copyright}</footer>}
      </section>
    </div>
  );
}
