/**
 * /profile (PROF-001): the user's card with the avatar (PROF-002) and tabs for basic info,
 * password, signature images (PROF-009), the user's own files and the login log.
 */
import { Card, Col, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '@/stores/user';
import AvatarUpload from './AvatarUpload';
import BaseInfo from './BaseInfo';
import LoginLog from './LoginLog';
import MyFiles from './MyFiles';
import PasswordForm from './PasswordForm';
import SignImages from './SignImages';
import './profile.css';

const TABS = ['baseInfo', 'password', 'signature', 'files', 'loginLog'] as const;

export default function Profile() {
  const { t } = useTranslation();
  const user = useUser((s) => s.userInfo);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'baseInfo';

  return (
    <Row gutter={[16, 16]} className="qm-profile">
      <Col xs={24} lg={6}>
        <Card className="qm-profile-card">
          <AvatarUpload />
          <h2>{user?.userName}</h2>
          <p>{user?.userAccount}</p>
          {user?.organizeName && <p>{user.organizeName}</p>}
          {user?.positionName && <p>{user.positionName}</p>}
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            destroyOnHidden
            items={[
              { key: 'baseInfo', label: t('profile.tabs.baseInfo'), children: <BaseInfo /> },
              {
                key: 'password',
                label: t('profile.tabs.password'),
                children: (
                  <div className="qm-profile-password">
                    <PasswordForm />
                  </div>
                ),
              },
              { key: 'signature', label: t('profile.tabs.signature'), children: <SignImages /> },
              { key: 'files', label: t('profile.tabs.files'), children: <MyFiles /> },
              { key: 'loginLog', label: t('profile.tabs.loginLog'), children: <LoginLog /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
