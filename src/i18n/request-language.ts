import type { FastifyRequest } from 'fastify';
import { SHOP_LANGUAGES, type ShopLanguage } from '../config.js';
import { negotiateLanguage, shopLanguageOf } from './negotiate.js';

/** The cookie the footer's language switcher sets (web/src/i18n). */
export const LANGUAGE_COOKIE = 'shop_lang';

/**
 * The language a visitor reads the shop in, for what the server chooses for them (a
 * legal page's version, the terms an order records): the footer's choice (the
 * `shop_lang` cookie), else the signed-in customer's stored choice, else the browser's
 * Accept-Language among the shop's languages, else the shop's own (SHOP_LANGUAGE). The
 * page's `<html lang>` and the catalogues it brings follow it too.
 */
export function visitorLanguage(request: FastifyRequest, shopLanguage: ShopLanguage): ShopLanguage {
  return (
    shopLanguageOf(request.cookies?.[LANGUAGE_COOKIE], SHOP_LANGUAGES) ??
    request.customer?.language ??
    negotiateLanguage(request.headers['accept-language'], SHOP_LANGUAGES, shopLanguage)
  );
}
