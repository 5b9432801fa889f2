import type { FeaturePlugin } from '../services.ts';
import { apiTokensExport } from './api-tokens.export.ts';
import { registerApiTokenRoutes } from './api-tokens.routes.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { inSignedInScope } from '../http/who-is-asking.ts';
import { registerPasskeyRoutes, registerPasskeySignIn } from './passkeys.routes.ts';
import { registerSingleSignOnRoutes, registerSingleSignOnSignIn } from './single-sign-on.routes.ts';
import { registerSecondFactorSignIn, registerTwoFactorRoutes } from './two-factor.routes.ts';

/** Every way in (password, second factor, passkey, single sign-on), and the signed-in person's own sign-in ways and API tokens. */
export const authPlugin: FeaturePlugin = async (app, { db, config, signInLimits, twoFactor, sso, notifySignInChange, exportParts }) => {
  exportParts.push(apiTokensExport);
  registerAuthRoutes(app, db, signInLimits);
  registerSecondFactorSignIn(app, twoFactor, signInLimits);
  registerPasskeySignIn(app, db, config.publicUrl, signInLimits);
  registerSingleSignOnSignIn(app, sso, signInLimits);
  await inSignedInScope(app, 'account', (me) => {
    registerApiTokenRoutes(me, db);
    registerTwoFactorRoutes(me, twoFactor, signInLimits);
    registerPasskeyRoutes(me, db, config.publicUrl, notifySignInChange, sso);
    registerSingleSignOnRoutes(me, sso, signInLimits);
  });
};
