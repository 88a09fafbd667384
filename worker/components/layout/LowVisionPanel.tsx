import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOW_VISION_PATH, type LowVision } from '../../../common/low-vision';
import { usePage } from '../page-context';
import { Icon } from '../ui/Icon';

/** One choice of a group: the button posts `set=<choice>`; the current one is pressed. */
function Choice({ choice, pressed, className, children }: { choice: string; pressed: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" name="set" value={choice} aria-pressed={pressed} className={['lv-choice', className].filter(Boolean).join(' ')}>
      {children}
    </button>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="lv-group">
      <legend className="lv-group__legend">{legend}</legend>
      <div className="lv-group__choices">{children}</div>
    </fieldset>
  );
}

function Settings({ settings: v }: { settings: LowVision }) {
  return (
    <>
      <Group legend="Размер текста">
        <Choice choice="size:normal" pressed={v.size === 'normal'}>
          100 %
        </Choice>
        <Choice choice="size:large" pressed={v.size === 'large'}>
          150 %
        </Choice>
        <Choice choice="size:largest" pressed={v.size === 'largest'}>
          200 %
        </Choice>
      </Group>
      <Group legend="Цвета">
        {/* Each swatch shows its scheme; the hidden words name it for a screen reader (the visible «Аа» first, as WCAG 2.5.3 asks). */}
        <Choice choice="scheme:black-on-white" pressed={v.scheme === 'black-on-white'} className="lv-swatch lv-swatch--black-on-white">
          Аа<span className="visually-hidden"> — чёрный текст на белом</span>
        </Choice>
        <Choice choice="scheme:white-on-black" pressed={v.scheme === 'white-on-black'} className="lv-swatch lv-swatch--white-on-black">
          Аа<span className="visually-hidden"> — белый текст на чёрном</span>
        </Choice>
        <Choice choice="scheme:blue" pressed={v.scheme === 'blue'} className="lv-swatch lv-swatch--blue">
          Аа<span className="visually-hidden"> — тёмно-синий текст на голубом</span>
        </Choice>
      </Group>
      <Group legend="Изображения">
        <Choice choice="images:on" pressed={v.images}>
          Показать
        </Choice>
        <Choice choice="images:off" pressed={!v.images}>
          Скрыть
        </Choice>
      </Group>
      <Group legend="Между буквами">
        <Choice choice="letters:normal" pressed={!v.wideLetters}>
          Обычно
        </Choice>
        <Choice choice="letters:wide" pressed={v.wideLetters}>
          Шире
        </Choice>
      </Group>
      <Group legend="Между строками">
        <Choice choice="lines:normal" pressed={!v.wideLines}>
          Обычно
        </Choice>
        <Choice choice="lines:wide" pressed={v.wideLines}>
          Шире
        </Choice>
      </Group>
      <Group legend="Шрифт">
        <Choice choice="font:site" pressed={!v.plainFont}>
          Сайта
        </Choice>
        <Choice choice="font:plain" pressed={v.plainFont}>
          Простой
        </Choice>
      </Group>
    </>
  );
}

/**
 * The version for the visually impaired (ГОСТ Р 52872-2019). Without it, one button
 * in the top bar turns it on; with it, this panel opens the page. Plain forms, so it
 * works without JavaScript: the worker stores the choice (routes/low-vision.ts) and
 * renders the next page with it.
 */
export function LowVisionEntry() {
  const { lowVision, url } = usePage();
  if (lowVision) return null;
  return (
    <form method="post" action={LOW_VISION_PATH} className="lv-entry">
      <input type="hidden" name="back" value={url} />
      <button type="submit" name="set" value="on" className="lv-entry__button">
        <Icon icon={Eye} size={16} />
        Версия для слабовидящих
      </button>
    </form>
  );
}

export function LowVisionPanel() {
  const { lowVision, url } = usePage();
  if (!lowVision) return null;
  return (
    <section className="lv-panel" aria-labelledby="lv-panel-title">
      <form method="post" action={LOW_VISION_PATH} className="container lv-panel__inner">
        <h2 id="lv-panel-title" className="lv-panel__title">
          Версия для слабовидящих
        </h2>
        <input type="hidden" name="back" value={url} />
        <Settings settings={lowVision} />
        <button type="submit" name="set" value="off" className="lv-panel__off">
          Обычная версия
        </button>
      </form>
    </section>
  );
}
