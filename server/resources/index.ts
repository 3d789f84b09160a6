import type { FastifyPluginAsync } from 'fastify';
import health from './health';
import account from './account';
import apiTokens from './api-tokens';
import user from './user';
import storage from './storage';
import notifications from './notifications';
import devices from './devices';
import devicesWrite from './devices-write';
import devicesAdd from './devices-add';
import devicesActions from './devices-actions';
import devicesMqtt from './devices-mqtt';
import deviceDownloads from './device-downloads';
import companies from './companies';
import companiesWrite from './companies-write';
import companyData from './company-data';
import tags from './tags';
import tagsWrite from './tags-write';
import users from './users';
import userRole from './user-role';
import invitations from './invitations';
import roles from './roles';
import credits from './credits';
import creditCodes from './credit-codes';
import files from './files';
import adminTools from './admin-tools';
import logs from './logs';
import remoteAccess from './remote-access';
import remoteConnect from './remote-connect';
import vpnHubs from './vpn-hubs';
import vpnHubDevices from './vpn-hub-devices';
import records from './records';
import recordsWrite from './records-write';
import statistics from './statistics';
import pages from './pages';
import documents from './documents';
import customFields from './custom-fields';
import documentDrafts from './document-drafts';
import openapiItems from './openapi-items';
import devicesOpenApi from './devices-openapi';
import deviceTasks from './device-tasks';
import devicesUpdate from './devices-update';
import devicePasswords from './device-passwords';
import reportsWrite from './reports-write';
import filesWrite from './files-write';
import alerts from './alerts';
import deviceTaskGroupsRun from './device-task-groups-run';
import creditsHistory from './credits-history';
import deviceTagsFile from './device-tags-file';
import images from './images';
import dataCollect from './data-collect';
import dataCollectData from './data-collect-data';
import configurator from './configurator';
import configuratorTemplatesUse from './configurator-templates-use';
import automations from './automations';
import automationDevices from './automation-devices';
import deviceTasksWrite from './device-tasks-write';
import deviceAlertConfigurations from './device-alert-configurations';
import emailConfigurations from './email-configurations';
import devicePasswordTaskDevices from './device-password-task-devices';
import vpnHubUsers from './vpn-hub-users';
import vpnHubConfigs from './vpn-hub-configs';
import vpnHubRoutes from './vpn-hub-routes';
import vpnHubDhcp from './vpn-hub-dhcp';
import vpnQuickHubs from './vpn-quick-hubs';
import vpnHubSessions from './vpn-hub-sessions';
import vpnHubDeviceRules from './vpn-hub-device-rules';
import devicesVpnStatus from './devices-vpn-status';
import deviceGraphs from './device-graphs';
import deviceHotspots from './device-hotspots';
import deviceWireless from './device-wireless';
import deviceJobsCancel from './device-jobs-cancel';
import reportsPdf from './reports-pdf';
import creditsReports from './credits-reports';
import devicePortScan from './device-port-scan';
import devicesImport from './devices-import';
import remoteLinks from '../remote/links-route';
import remoteSftp from '../remote/sftp-route';

// One Fastify plugin per resource, registered under /api in this order.
// To add a resource: create server/resources/<name>.ts exporting a default
// plugin and add one line below.
export const resources: FastifyPluginAsync[] = [
  health,
  account,
  apiTokens,
  user,
  storage,
  notifications,
  devices,
  devicesWrite,
  devicesAdd,
  devicesActions,
  devicesMqtt,
  deviceDownloads,
  devicesOpenApi,
  devicesUpdate,
  devicePasswords,
  deviceTagsFile,
  deviceTasks,
  deviceTaskGroupsRun,
  companies,
  companiesWrite,
  companyData,
  tags,
  tagsWrite,
  users,
  userRole,
  invitations,
  roles,
  credits,
  creditCodes,
  creditsHistory,
  files,
  filesWrite,
  adminTools,
  logs,
  remoteAccess,
  remoteConnect,
  vpnHubs,
  vpnHubDevices,
  records,
  recordsWrite,
  reportsWrite,
  statistics,
  alerts,
  documents,
  customFields,
  documentDrafts,
  pages,
  openapiItems,
  images,
  dataCollect,
  dataCollectData,
  configurator,
  configuratorTemplatesUse,
  automations,
  automationDevices,
  deviceTasksWrite,
  deviceAlertConfigurations,
  emailConfigurations,
  devicePasswordTaskDevices,
  vpnHubUsers,
  vpnHubConfigs,
  vpnHubRoutes,
  vpnHubDhcp,
  vpnQuickHubs,
  vpnHubSessions,
  vpnHubDeviceRules,
  devicesVpnStatus,
  deviceGraphs,
  deviceHotspots,
  deviceWireless,
  deviceJobsCancel,
  reportsPdf,
  creditsReports,
  devicePortScan,
  devicesImport,
  remoteLinks,
  remoteSftp,
];
