import type { FastifyPluginAsync } from 'fastify';
import health from './health';
import account from './account';
import user from './user';
import devices from './devices';
import companies from './companies';
import tags from './tags';
import users from './users';

// One Fastify plugin per resource, registered under /api in this order.
// To add a resource: create server/resources/<name>.ts exporting a default
// plugin and add one line below.
export const resources: FastifyPluginAsync[] = [health, account, user, devices, companies, tags, users];
