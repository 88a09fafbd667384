import { Info } from 'lucide-react';
import { Icon } from './ui/Icon';

/** 38-ФЗ «О рекламе», art. 24: advertising a medical service says so, plainly, on the page. */
export function MedicalNotice() {
  return (
    <p className="medical-notice">
      <Icon icon={Info} size={18} />
      <span>Имеются противопоказания. Необходима консультация специалиста.</span>
    </p>
  );
}
