import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// The users (clients) of VPN hubs as stored: records of kind vpn_hub_user
// whose details name the hub (vpn_hub_id; seeded ones name it by `hub`), the
// client type and object, and the client's address mode (dhcp or a static ip).

export interface HubUserDetails {
  vpn_hub_id?: number;
  hub?: string;
  type?: string;
  object_id?: number;
  mode?: 'static' | 'dhcp';
  ip?: string;
}

export const KIND = 'vpn_hub_user';

/** The users of a hub, oldest first. */
export async function usersOfHub(db: Kysely<Database>, hub: { id: number; company_id: number; name: string }) {
  const rows = await db
    .selectFrom('records')
    .select(['id', 'name', 'status', 'details'])
    .where('kind', '=', KIND)
    .where('company_id', '=', hub.company_id)
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({ ...row, details: JSON.parse(row.details) as HubUserDetails }))
    .filter(({ details }) => details.vpn_hub_id === hub.id || (!details.vpn_hub_id && details.hub === hub.name));
}
