// The e2e run takes three ports: E2E_PORT for the server with the offline chat engine, and
// 1000 and 2000 above it the server that chats through the held provider and the provider
// itself (far enough that runs side by side on neighbouring E2E_PORTs do not collide). The
// dance player's spec serves its test page 3000 above.
const port = Number(process.env.E2E_PORT ?? 8181);

export const offlineServerPort = port;
export const heldServerPort = port + 1000;
export const heldProviderPort = port + 2000;
export const heldProviderURL = `http://127.0.0.1:${heldProviderPort}`;
export const danceHarnessPort = port + 3000;
