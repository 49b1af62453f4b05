/**
 * Menu icons: the server names JNPF icon-font classes (`icon-ym icon-ym-…`); Qiming draws the
 * nearest antd icon instead of shipping that font.
 */
import {
  AppstoreOutlined,
  ApartmentOutlined,
  BellOutlined,
  CodeOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  LinkOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UserOutlined,
  WechatOutlined,
  BarChartOutlined,
  BookOutlined,
  FundProjectionScreenOutlined,
  LayoutOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const BY_NAME: [RegExp, ReactNode][] = [
  [/home|index/i, <HomeOutlined />],
  [/notice|message|msg/i, <BellOutlined />],
  [/onlineDev|design|webDesign/i, <CodeOutlined />],
  [/generator|form/i, <FormOutlined />],
  [/workFlow|flow/i, <NodeIndexOutlined />],
  [/authority|permission|role/i, <SafetyCertificateOutlined />],
  [/organize|department|tree/i, <ApartmentOutlined />],
  [/user|profile/i, <UserOutlined />],
  [/systemData|data|dictionary/i, <DatabaseOutlined />],
  [/systemSetting|system|setting/i, <SettingOutlined />],
  [/wechat|weixin/i, <WechatOutlined />],
  [/report|chart/i, <BarChartOutlined />],
  [/screen|dataV/i, <FundProjectionScreenOutlined />],
  [/portal/i, <LayoutOutlined />],
  [/link/i, <LinkOutlined />],
  [/document|doc/i, <BookOutlined />],
  [/monitor/i, <DesktopOutlined />],
];

/** The icon for a menu entry's icon class; a directory or page icon when nothing matches. */
export function menuIcon(icon: string | undefined, isDirectory: boolean): ReactNode {
  const name = (icon ?? '').replace(/icon-ym-?/g, ' ');
  for (const [re, node] of BY_NAME) if (re.test(name)) return node;
  return isDirectory ? <AppstoreOutlined /> : <FileTextOutlined />;
}
