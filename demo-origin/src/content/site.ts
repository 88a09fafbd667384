/** Clinic-wide constants of the demo content (all fictional). */
export const SITE = {
  name: 'Клиника эстетической медицины «Лаванда»',
  shortName: 'Клиника «Лаванда»',
  slogan: 'Клиника работает с 2013 года',
  /** Moscow landline with the unassigned 000 exchange, so it can never ring anyone. */
  phone: '+7 (495) 000-20-13',
  phoneHref: 'tel:+74950002013',
  email: 'info@lavanda-clinic.example',
  address: 'Москва, ул. Примерная, д. 13, стр. 1 (м. «Примерная»)',
  hours: 'Ежедневно с 9:00 до 21:00',
  licence: 'Лицензия № ЛО-77-01-000000 от 12.03.2013 выдана Департаментом здравоохранения города Москвы',
  shopUrl: 'https://shop.lavanda-clinic.example/',
  founded: 2013,
} as const;
