/** The first administrator the e2e server is started with (playwright.config.ts passes it as env). */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password-1' };
