// The device protocol's codec (docs/devices-protocol.md), shared by the
// server's gateway and the fleet simulator.
export * from './topics';
export * from './values';
export * from './control';
export * from './hotspot';
