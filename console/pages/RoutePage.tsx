// Contract 9: renders the page for a route key (the route's `page` name).
// First cut: the route title only, until the page documents land.
const titles: Record<string, string> = {
  'management.devices': 'Devices',
  companies: 'Companies',
  'users.table': 'Users',
};

export function RoutePage({ page }: { page: string }) {
  return <h1>{titles[page] ?? page}</h1>;
}
