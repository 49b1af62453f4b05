/** The icon of a picker node by its type (company, department, position, role, group, …). */
import { ApartmentOutlined, ClusterOutlined, FolderOutlined, GlobalOutlined, IdcardOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';

export function NodeIcon({ type }: { type: string }) {
  switch (type) {
    case 'company':
      return <ApartmentOutlined />;
    case 'department':
      return <ClusterOutlined />;
    case 'position':
      return <IdcardOutlined />;
    case 'role':
      return <UserOutlined />;
    case 'group':
      return <TeamOutlined />;
    case 'global':
      return <GlobalOutlined />;
    default:
      return <FolderOutlined />;
  }
}
