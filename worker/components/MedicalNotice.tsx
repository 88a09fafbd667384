import { Info } from 'lucide-react';
import { Icon } from './ui/Icon';

/**
 * 38-ФЗ «О рекламе», art. 24: advertising a medical service says so, plainly, on at
 * least 5 % of the advert's area. The advert is the block the notice sits in (a
 * service's description, a promotion's article); legal.css makes the notice a band
 * down that block's whole side, so its share is its width's share however long the
 * editors' text grows, with no script. test/browser/medical-notice.test.ts measures it.
 */
export function MedicalNotice() {
  return (
    <p className="medical-notice" data-medical-notice="">
      <span className="medical-notice__inner">
        <Icon icon={Info} size={18} />
        <span className="medical-notice__text">Имеются противопоказания. Необходима консультация специалиста.</span>
      </span>
    </p>
  );
}
