import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Captcha } from './captcha.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
  }
}

async function captchaPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'captcha',
    new Captcha(app.config.CAPTCHA_HMAC_KEY, {
      afterFailedSignIns: app.config.CAPTCHA_AFTER_FAILED_SIGN_INS,
      onSignUp: app.config.CAPTCHA_ON_SIGN_UP,
    }),
  );
}

export default fp(captchaPlugin, { name: 'captcha', dependencies: ['config'] });
