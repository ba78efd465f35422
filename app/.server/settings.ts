// Settings texts change rarely; each instance keeps them for a minute, per district API (one in
// production; the browser tests start one server after another in one process, each its own).
// Each language's build keeps its own, read in its page's language: the Spanish build's hold the
// district's Spanish versions where it wrote them (decision 172). This module is in each build,
// so the kept settings live on the process (one map for both builds): an administrator's change,
// made on an English staff page, forgets the Spanish ones too.
import type { AppLoadContext } from "@remix-run/node";
import { getSettings, Settings } from "@domain/contract/identity";
import { t } from "@domain/messages/common";
import type { FamilySettingText } from "@domain/rules/district-texts";
import language from "@domain/messages/compiled/page/language.js";
import { districtText, districtTextLang, type DistrictTextView } from "~/components/district-text";

type Kept = Map<string, { at: number; settings: Settings }>;
const shared = globalThis as typeof globalThis & { districtSettingsKept?: Kept };
const kept: Kept = (shared.districtSettingsKept ??= new Map());
/** One language's settings from one district API. */
const keyOf = (apiBaseUrl: string) => `${language} ${apiBaseUrl}`;
const TTL_MS = 60_000;

export async function loadSettings(
  context: Pick<AppLoadContext, "apiBaseUrl">,
): Promise<Settings | null> {
  const cached = kept.get(keyOf(context.apiBaseUrl));
  if (cached && Date.now() - cached.at < TTL_MS) return cached.settings;
  try {
    // Read for no one in particular (and kept for everyone): a plain fetch, no token.
    const res = await fetch(new URL(getSettings.path, context.apiBaseUrl), {
      headers: { "Accept-Language": language },
      signal: AbortSignal.timeout(5000),
    });
    const parsed = Settings.safeParse(await res.json());
    if (!parsed.success) return cached?.settings ?? null;
    kept.set(keyOf(context.apiBaseUrl), { at: Date.now(), settings: parsed.data });
    return parsed.data;
  } catch {
    return cached?.settings ?? null;
  }
}

/** Forgets the kept settings: after an administrator's change, this instance reads them afresh. */
export function forgetSettings(): void {
  kept.clear();
}

/** The district's name and where checks go, from the settings (the catalogue's when unreadable). */
export async function loadDistrict(
  context: Pick<AppLoadContext, "apiBaseUrl">,
): Promise<{ name: string; nameLang?: "en"; payableTo: string; address: string }> {
  const s = await loadSettings(context);
  const nameLang = districtTextLang(s?.spanish, "districtName");
  return {
    name: s?.districtName ?? t("settings.default.districtName"),
    ...(nameLang ? { nameLang } : {}),
    payableTo: s?.checkPayableTo ?? t("settings.default.checkPayableTo"),
    address: s?.checkMailingAddress ?? t("settings.default.checkMailingAddress"),
  };
}

/** One settings text families read, with the `lang` its element needs (decision 172). */
export function settingText(
  settings: Settings | null,
  key: Exclude<FamilySettingText, "homeMessage">,
): DistrictTextView | null {
  const text = settings?.[key];
  return text ? districtText(text, settings.spanish, key) : null;
}
