// The handshake of the in-host trust run (hostSuite.ts runs test/host/trust.test.ts with workspace trust on): the
// suite prints this line on the extension host's console when its Restricted Mode tests are done, and the runner then
// trusts the folder through the workbench, as a user does.
export const TRUST_REQUEST = 'MAAS_HOST_TRUST_REQUEST';
