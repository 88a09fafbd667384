import type { Choice } from './booking-view';

/** The comment the request form starts with: the choice, in words the administrator reads. */
export function choiceComment(choice: Choice): string {
  const parts = [
    choice.service && `Услуга: ${choice.service.title}`,
    choice.doctor && `Специалист: ${choice.doctor === 'any' ? (choice.staff?.name ?? 'любой') : choice.doctor.name}`,
    choice.date && `Дата: ${choice.date.split('-').reverse().join('.')}${choice.time ? `, ${choice.time.time}` : ''}`,
  ].filter(Boolean);
  return parts.length ? `Онлайн-запись: ${parts.join('; ')}` : '';
}
