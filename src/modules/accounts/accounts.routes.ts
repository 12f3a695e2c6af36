import { Type } from '@sinclair/typebox';
import { passwordProblem } from '../../auth/password-policy.js';
import { clearSessionCookie, setSessionCookie } from '../../auth/session-cookie.js';
import { isHttps } from '../../config.js';
import type { App, AppContext } from '../../context.js';
import { CUSTOMER_COOKIE, requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, NoContent } from '../../http/schemas.js';
import {
  CustomerResponse,
  LoginBody,
  NAME_ERROR_CODES,
  RegisterBody,
  ResetCompleteBody,
  ResetRequestBody,
  ResetRequestResponse,
  VerifyEmailBody,
} from './accounts.schemas.js';
import type { AccountsService } from './accounts.service.js';
import { CUSTOMER_SESSION_MS } from './customer-sessions.js';
import { type PasswordResetService, RESET_REQUESTED_MESSAGE } from './password-reset.service.js';

const tags = ['accounts'];
// 202 with an empty body: the mail is on its way (send(undefined) skips serialisation).
const Accepted = Type.Unknown({ description: 'Accepted; no body' });
const security = [{ customerSession: [] }];

/** A registration refused for other fields names a weak password too (issue 30 item 6). */
const PASSWORD_CHECK = {
  password: (value: unknown) => (typeof value === 'string' ? passwordProblem(value) : null),
};

/** Registration, sign-in and out, email verification and password reset (contract: Customer accounts). */
export function accountsRoutes(
  app: App,
  ctx: AppContext,
  accounts: AccountsService,
  resets: PasswordResetService,
): void {
  const secure = isHttps(ctx.config);
  /** Sets the new session's cookie and answers with the signed-in customer. */
  const signedIn = <C>(
    reply: Parameters<typeof setSessionCookie>[0],
    result: { customer: C; session: { token: string } },
  ): C => {
    setSessionCookie(reply, CUSTOMER_COOKIE, result.session.token, CUSTOMER_SESSION_MS, secure);
    return result.customer;
  };

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an account, send the verification mail and sign in',
        body: RegisterBody,
        response: { 201: CustomerResponse, ...errors(400, 409, 415, 429) },
      },
      config: {
        rateLimit: rateLimits.customerRegister,
        fieldErrorCodes: NAME_ERROR_CODES,
        fieldChecks: PASSWORD_CHECK,
      },
    },
    async (request, reply) => {
      const result = await accounts.register(request.body, request.cookies[CUSTOMER_COOKIE]);
      return reply.code(201).send(signedIn(reply, result));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: LoginBody,
        response: { 200: CustomerResponse, ...errors(400, 401, 403, 415, 429) },
      },
      config: { rateLimit: rateLimits.customerLogin },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      return signedIn(
        reply,
        await accounts.signIn(email, password, request.cookies[CUSTOMER_COOKIE]),
      );
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out', response: { 204: NoContent } } },
    async (request, reply) => {
      await accounts.signOut(request.cookies[CUSTOMER_COOKIE]);
      clearSessionCookie(reply, CUSTOMER_COOKIE, secure);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm the email address with the token from the mail',
        body: VerifyEmailBody,
        response: { 200: CustomerResponse, ...errors(400, 403, 415) },
      },
      config: { fieldErrorCodes: { token: 'invalid_token' } },
    },
    async (request) => accounts.verifyEmail(request.body.token),
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags,
        security,
        summary: 'Send a fresh verification mail',
        response: { 202: Accepted, ...errors(401, 409, 429) },
      },
      // The sign-in check runs before the limiter (spec 4.1 resend rule 1: refused, not counted).
      onRequest: requireCustomer,
      config: { rateLimit: rateLimits.resendVerification },
    },
    async (request, reply) => {
      await accounts.resendVerification(signedInCustomer(request));
      return reply.code(202).send(undefined);
    },
  );

  app.post(
    '/password-reset/request',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset link; answers the same for every address',
        body: ResetRequestBody,
        response: { 200: ResetRequestResponse, ...errors(400, 415, 429) },
      },
      config: { rateLimit: rateLimits.passwordResetRequest },
    },
    async (request) => {
      await resets.request(request.body.email);
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  // No rate limit here (spec 8): the 32-byte token is the credential.
  app.post(
    '/password-reset/complete',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the mail, and sign in',
        body: ResetCompleteBody,
        response: { 200: CustomerResponse, ...errors(400, 403, 415) },
      },
      config: { fieldErrorCodes: { token: 'invalid_token' } },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      return signedIn(
        reply,
        await resets.complete(token, password, request.cookies[CUSTOMER_COOKIE]),
      );
    },
  );
}
