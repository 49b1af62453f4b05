/** The built-in home page (ROUTE-002): a greeting, the session's facts and the menu as shortcuts. */
import { inZone } from '@/utils/clock';
import { Avatar, Card, Col, Descriptions, Empty, Row } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '@/app/layout/MenuIcon';
import { useOpenMenuItem } from '@/app/layout/menuItems';
import { menuLeaves } from '@/app/menu';
import { routeTitle } from '@/i18n';
import { useUser } from '@/stores/user';
import './home.css';
import { DATE_FORMAT } from '@/utils/format';

function greetingKey(hour: number): string {
  if (hour < 11) return 'home.morning';
  if (hour < 13) return 'home.noon';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

export default function Home() {
  const { t } = useTranslation();
  const user = useUser((s) => s.userInfo);
  const config = useUser((s) => s.sysConfig);
  const menus = useUser((s) => s.menus);
  const open = useOpenMenuItem();
  const leaves = menuLeaves(menus).filter((m) => m.name !== 'home');

  return (
    <div className="qm-home">
      <Card className="qm-home-welcome">
        <div className="qm-home-hello">
          <Avatar size={64} src={user?.headIcon || undefined} icon={<UserOutlined />} />
          <div>
            <h2>{t('home.greeting', { greeting: t(greetingKey(inZone(Date.now()).hour())), name: user?.userName ?? '' })}</h2>
            <p>{t('home.welcome', { title: config?.title ?? t('common.appName') })}</p>
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('home.account')}>{user?.userAccount}</Descriptions.Item>
          <Descriptions.Item label={t('home.organize')}>{user?.organizeName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('home.loginTime')}>
            {user?.loginTime ? inZone(user.loginTime).format(DATE_FORMAT) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('home.version')}>{(config?.sysVersion as string) ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('home.menus')} className="qm-home-menus">
        {leaves.length ? (
          <Row gutter={[16, 16]}>
            {leaves.map((m) => (
              <Col key={m.key} xs={12} sm={8} md={6} xl={4}>
                <button type="button" className="qm-home-shortcut" onClick={() => open(m)}>
                  <span className="qm-home-shortcut-icon">{menuIcon(m.icon, false)}</span>
                  <span>{routeTitle(m.name, m.title)}</span>
                </button>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description={t('home.menusEmpty')} />
        )}
      </Card>
    </div>
  );
}
