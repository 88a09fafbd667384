<?php
// phpcs:ignoreFile
/**
 * Provisions a real Drupal (installed by install.sh of the real-drupal codebases beside the repository, `../shared/real-drupal`, or REAL_DRUPAL_DIR) with the clinic's content model,
 * as the clinic's site builder would: bundles and fields, taxonomy, nodes with `.html` aliases and images, a
 * draft, menus, the six popup webforms, webform_rest's REST resources, the API and editor accounts, the
 * clinic's `/rest/...` lists as real Views REST exports and, when the `next` module is on, its sites and
 * entity-type configs.
 *
 * Run from the installed codebase (DEST/drupal):
 *   php -d memory_limit=512M vendor/bin/drush php:script /path/to/provision.php
 * Env: DRUPAL_API_USER / DRUPAL_API_PASSWORD (api / api-secret), EDITOR_USER / EDITOR_PASSWORD
 * (editor / editor-secret), NEXT_SITES ("name=baseUrl,name2=baseUrl2"), NEXT_SECRET (purge-secret).
 *
 * DRUPAL-ONLY VALIDATION: the `consultation` webform's `email` element has `#unique: true`. Only Drupal knows the
 * earlier submissions, so the site cannot pre-check it: a second submission with the same e-mail is refused (400)
 * with webform's message «The value %value has already been submitted once for the %name element. You may have
 * already submitted this webform, or you need to use a different value.» on the `email` key.
 *
 * The stock part (provision-stock.php): what a clinic without those modules builds from core and well-known contrib:
 * menus over jsonapi_menu_items (main, footer, services), metatag defaults (the node's JSON:API `metatag` field),
 * redirect entities and their Views REST export /rest/redirects, the price list (vocabulary price_groups, content type
 * price over JSON:API).
 *
 * Deliberately NOT modelled: the `qa` and `vacancy` bundles (a real clinic's Drupal may lack bundles:
 * /vopros-otvet.html and /vacancia.html must answer the 404 page).
 *
 * Clinic endpoints built as Views REST exports (rest_export display, serializer style, data_field rows):
 *   /rest/search?keys=            rows {id, title, field_service, view_node}
 *   /rest/{doctors|news|actions|smi-o-nas}/other/{nid}           the newest of a kind except nid
 *   /rest/{doctors|actions|patients|do-i-posle|feedback}/service/{nid}, /rest/articles/service/{nid}
 *   /rest/feedback/doctor/{nid}, /rest/author/{nid}, /rest/service/article/{nid}, /rest/license-images
 * Endpoints Views cannot express (skipped; a real Drupal without the clinic's modules answers them 404):
 *   /blocks_for_page, /blocks_for_page/metatag, /blocks_for_page/menu/{main|footer},
 *   /blocks_for_page/special_links/services.html and /price.html (nested groups with `childs`),
 *   /blocks_for_page/block/{services_childs|services_subtree|next_cycle_links} (`{items, parent_title…}` wrappers),
 *   /breadcrumb_headless, /decoupled_kit/redirect, /rest/qa/service/{nid} (no qa bundle here),
 *   the doctors' nested `feedbacks` inside /rest/doctors/service/{nid} rows, and search rows for taxonomy terms
 *   (view_taxonomy_term: one view has one base table; the search view lists nodes only).
 */

use Drupal\Core\File\FileSystemInterface;
use Drupal\field\Entity\FieldConfig;
use Drupal\field\Entity\FieldStorageConfig;
use Drupal\file\Entity\File;
use Drupal\menu_link_content\Entity\MenuLinkContent;
use Drupal\node\Entity\Node;
use Drupal\node\Entity\NodeType;
use Drupal\rest\Entity\RestResourceConfig;
use Drupal\taxonomy\Entity\Term;
use Drupal\taxonomy\Entity\Vocabulary;
use Drupal\user\Entity\Role;
use Drupal\user\Entity\User;
use Drupal\views\Entity\View;
use Drupal\webform\Entity\Webform;
use Symfony\Component\Yaml\Yaml;

$started = microtime(TRUE);
$env = fn(string $name, string $default) => (($v = getenv($name)) !== FALSE && $v !== '') ? $v : $default;
$summary = [];

// ---------------------------------------------------------------------------------------------------------------
// Content types and fields.

$bundles = [
  'services' => 'Услуги',
  'doctors' => 'Врачи',
  'patients' => 'Пациенты',
  'news' => 'Новости',
  'smi_o_nas' => 'СМИ о нас',
  'actions' => 'Акции',
  'article' => 'Статьи',
  'gallery' => 'Фото до и после',
  'video' => 'Видео',
  'reviews' => 'Отзывы',
  'equipment' => 'Оборудование',
  'problem' => 'Проблемы',
  'sliders' => 'Слайдер',
  'page' => 'Базовая страница',
];
foreach ($bundles as $type => $name) {
  if (!NodeType::load($type)) {
    NodeType::create(['type' => $type, 'name' => $name, 'new_revision' => TRUE])->save();
  }
  if (!FieldConfig::loadByName('node', $type, 'body')) {
    node_add_body_field(NodeType::load($type), 'Текст');
  }
}

if (!Vocabulary::load('services')) {
  Vocabulary::create(['vid' => 'services', 'name' => 'Разделы услуг', 'description' => 'Разделы услуг клиники'])->save();
}

/** A field on a bundle, with its storage when new, shown on the bundle's edit form and page. */
function clinic_field(string $bundle, string $name, string $type, string $label, array $storage = [], array $settings = [], int $cardinality = 1): void {
  $display = \Drupal::service('entity_display.repository');
  if (!FieldStorageConfig::loadByName('node', $name)) {
    FieldStorageConfig::create(['field_name' => $name, 'entity_type' => 'node', 'type' => $type, 'cardinality' => $cardinality, 'settings' => $storage])->save();
  }
  if (!FieldConfig::loadByName('node', $bundle, $name)) {
    FieldConfig::create(['field_name' => $name, 'entity_type' => 'node', 'bundle' => $bundle, 'label' => $label, 'settings' => $settings])->save();
    $display->getFormDisplay('node', $bundle)->setComponent($name)->save();
    $display->getViewDisplay('node', $bundle)->setComponent($name)->save();
  }
}
$ref = fn(array $bundles) => ['handler' => 'default:node', 'handler_settings' => ['target_bundles' => array_combine($bundles, $bundles)]];
$img = fn(string $dir) => ['file_directory' => $dir, 'alt_field' => TRUE, 'alt_field_required' => FALSE, 'file_extensions' => 'png gif jpg jpeg webp'];
$nodeRef = ['target_type' => 'node'];
$date = ['datetime_type' => 'date'];

// services
clinic_field('services', 'field_subtitle', 'string', 'Подзаголовок');
clinic_field('services', 'field_photo', 'image', 'Фото', [], $img('services'));
clinic_field('services', 'field_image', 'image', 'Изображение', [], $img('services'));
clinic_field('services', 'field_preview_photo', 'image', 'Превью', [], $img('services'));
clinic_field('services', 'field_popular_procedure_img', 'image', 'Картинка популярной процедуры', [], $img('services'));
clinic_field('services', 'field_youtube', 'string', 'Видео YouTube');
foreach ([1, 2, 3, 4] as $i) {
  clinic_field('services', "field_description$i", 'text_long', "Описание $i");
}
clinic_field('services', 'field_duration', 'string', 'Длительность');
clinic_field('services', 'field_price2', 'string', 'Цена');
clinic_field('services', 'field_prices_inner', 'text_long', 'Цены в услуге');
clinic_field('services', 'field_quantity', 'string', 'Количество процедур');
clinic_field('services', 'field_alter_text', 'string', 'Свой текст акции');
clinic_field('services', 'field_alter_text_body', 'text_long', 'Текст акции');
clinic_field('services', 'field_action_view', 'boolean', 'Показывать акции');
clinic_field('services', 'field_services_priority', 'integer', 'Приоритет');
clinic_field('services', 'field_service_section', 'entity_reference', 'Раздел', ['target_type' => 'taxonomy_term'], ['handler' => 'default:taxonomy_term', 'handler_settings' => ['target_bundles' => ['services' => 'services']]]);
// doctors
clinic_field('doctors', 'field_post', 'string', 'Должность');
clinic_field('doctors', 'field_photo', 'image', 'Фото', [], $img('doctors'));
clinic_field('doctors', 'field_photo_big', 'image', 'Большое фото', [], $img('doctors'));
clinic_field('doctors', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
// patients
clinic_field('patients', 'field_photo', 'image', 'Фото', [], $img('patients'));
clinic_field('patients', 'field_feedback_text', 'text_long', 'Отзыв пациента');
clinic_field('patients', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
// news, article, press
foreach (['news' => 'news', 'article' => 'articles', 'smi_o_nas' => 'press'] as $b => $dir) {
  clinic_field($b, 'field_image', 'image', 'Изображение', [], $img($dir));
  clinic_field($b, 'field_date_publication', 'datetime', 'Дата публикации', $date);
}
clinic_field('article', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
clinic_field('article', 'field_doctor', 'entity_reference', 'Автор', $nodeRef, $ref(['doctors']));
clinic_field('smi_o_nas', 'field_link', 'link', 'Источник', [], ['link_type' => 16, 'title' => 1]);
// actions
clinic_field('actions', 'field_image', 'image', 'Изображение', [], $img('actions'));
clinic_field('actions', 'field_subtitle', 'string', 'Подзаголовок');
clinic_field('actions', 'field_action_date', 'datetime', 'Акция действует до', $date);
clinic_field('actions', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
// gallery (before/after pairs and licence scans)
clinic_field('gallery', 'field_gallery_image', 'image', 'Изображения', [], $img('gallery'), -1);
clinic_field('gallery', 'field_gallery_image_1', 'image', 'Полноразмерные сканы', [], $img('gallery'), -1);
clinic_field('gallery', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
// video
clinic_field('video', 'field_youtube', 'string', 'Видео YouTube');
clinic_field('video', 'field_image', 'image', 'Обложка', [], $img('video'));
// reviews
clinic_field('reviews', 'field_doctor', 'entity_reference', 'Врач', $nodeRef, $ref(['doctors']));
clinic_field('reviews', 'field_services', 'entity_reference', 'Услуги', $nodeRef, $ref(['services']), -1);
// equipment, problem, sliders, page
clinic_field('equipment', 'field_image', 'image', 'Изображение', [], $img('equipment'));
clinic_field('problem', 'field_image', 'image', 'Изображение', [], $img('problems'));
clinic_field('sliders', 'field_photo3', 'image', 'Слайд', [], $img('slides'));
clinic_field('sliders', 'field_photos_mobile', 'image', 'Слайд для телефона', [], $img('slides'));
clinic_field('sliders', 'field_link', 'link', 'Ссылка', [], ['link_type' => 17, 'title' => 1]);
clinic_field('page', 'field_image', 'image', 'Изображение', [], $img('pages'));
clinic_field('page', 'field_files', 'file', 'Документы', [], ['file_directory' => 'docs', 'file_extensions' => 'pdf doc docx txt', 'description_field' => TRUE], -1);

// ---------------------------------------------------------------------------------------------------------------
// Files: small real PNGs made with GD, and a tiny PDF.

function clinic_file(string $uri, callable $write) {
  $fs = \Drupal::service('file_system');
  $existing = \Drupal::entityTypeManager()->getStorage('file')->loadByProperties(['uri' => $uri]);
  if ($existing) {
    return reset($existing);
  }
  $dir = dirname($uri);
  $fs->prepareDirectory($dir, FileSystemInterface::CREATE_DIRECTORY | FileSystemInterface::MODIFY_PERMISSIONS);
  $write($fs->realpath($dir) . '/' . basename($uri));
  $file = File::create(['uri' => $uri, 'status' => 1, 'uid' => 1]);
  $file->setPermanent();
  $file->save();
  return $file;
}
function clinic_png(string $uri, array $rgb, int $w = 120, int $h = 90) {
  return clinic_file($uri, function (string $path) use ($rgb, $w, $h) {
    $im = imagecreatetruecolor($w, $h);
    imagefill($im, 0, 0, imagecolorallocate($im, ...$rgb));
    imagefilledrectangle($im, (int) ($w / 4), (int) ($h / 4), (int) ($w * 3 / 4), (int) ($h * 3 / 4), imagecolorallocate($im, 255, 255, 255));
    imagepng($im, $path);
  });
}
$image = function (string $uri, array $rgb, string $alt, int $w = 120, int $h = 90) {
  $file = clinic_png($uri, $rgb, $w, $h);
  return ['target_id' => $file->id(), 'alt' => $alt, 'width' => $w, 'height' => $h];
};

// ---------------------------------------------------------------------------------------------------------------
// Nodes. One per alias: an alias already taken is left as it is (idempotent re-runs).

/** Nodes this run created (clinic_node_count()). */
function clinic_node_count(int $add = 0): int {
  static $count = 0;
  return $count += $add;
}
function clinic_node(string $alias, array $values): Node {
  $pathauto = \Drupal::moduleHandler()->moduleExists('pathauto');
  $path = \Drupal::service('path_alias.manager')->getPathByAlias($alias);
  if (preg_match('~^/node/(\d+)$~', $path, $m) && ($node = Node::load($m[1]))) {
    return $node;
  }
  $values += ['status' => 1, 'uid' => 1];
  $values['path'] = ['alias' => $alias] + ($pathauto ? ['pathauto' => 0] : []);
  $node = Node::create($values);
  $node->save();
  clinic_node_count(1);
  return $node;
}
$body = fn(string $html, string $summary = '') => ['value' => $html, 'summary' => $summary, 'format' => 'basic_html'];
$text = fn(string $html) => ['value' => $html, 'format' => 'basic_html'];
$day = 86400;
$base = strtotime('2025-03-01 10:00:00 UTC');
$refs = fn(Node ...$nodes) => array_map(fn(Node $n) => ['target_id' => $n->id()], $nodes);

// Taxonomy: services sections (search links section names to their term pages).
function clinic_term(string $name, string $description, int $weight, ?string $alias): Term {
  $found = \Drupal::entityTypeManager()->getStorage('taxonomy_term')->loadByProperties(['vid' => 'services', 'name' => $name]);
  if ($found) {
    return reset($found);
  }
  $term = Term::create(['vid' => 'services', 'name' => $name, 'weight' => $weight,
    'description' => ['value' => $description, 'format' => 'basic_html']] + ($alias ? ['path' => ['alias' => $alias]] : []));
  $term->save();
  return $term;
}
$kosmetologiya = clinic_term('Косметология', '<p>Аппаратная и инъекционная косметология.</p>', 0, '/razdel/kosmetologiya.html');
$lazer = clinic_term('Лазерная медицина', '<p>Лазерные процедуры для лица и тела.</p>', 1, NULL);

// services
$laser = clinic_node('/services/lazernaya-epilyaciya.html', ['type' => 'services', 'title' => 'Лазерная эпиляция', 'created' => $base,
  'body' => $body('<p>Лазерная эпиляция на диодном лазере. Безболезненно и быстро.</p>', 'Удаление волос диодным лазером.'),
  'field_subtitle' => 'Диодный лазер последнего поколения',
  'field_photo' => $image('public://services/laser.png', [200, 90, 120], 'Лазерная эпиляция'),
  'field_youtube' => 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'field_description1' => $text('<p>Процедура занимает от 10 минут.</p>'),
  'field_description2' => $text('<p>Нужен курс из 6–8 процедур.</p>'),
  'field_duration' => '30 минут', 'field_price2' => 'от 2 500 руб.', 'field_quantity' => '6–8 процедур',
  'field_prices_inner' => $text('<table><tr><td>Голени</td><td>4 000 руб.</td></tr><tr><td>Подмышки</td><td>2 500 руб.</td></tr></table>'),
  'field_action_view' => TRUE, 'field_services_priority' => 10, 'field_service_section' => ['target_id' => $lazer->id()]]);
$peel = clinic_node('/services/piling.html', ['type' => 'services', 'title' => 'Химический пилинг', 'created' => $base + $day,
  'body' => $body('<p>Пилинг лица &amp; шеи. Обновляет кожу.</p>'), 'field_price2' => 'от 3 000 руб.', 'field_duration' => '45 минут',
  'field_image' => $image('public://services/piling.png', [120, 200, 150], 'Пилинг'),
  'field_alter_text' => 'Скидка 15% на курс пилингов', 'field_alter_text_body' => $text('<p>При покупке курса из трёх процедур.</p>'),
  'field_action_view' => FALSE, 'field_services_priority' => 5, 'field_service_section' => ['target_id' => $kosmetologiya->id()]]);
$chistka = clinic_node('/services/chistka-lica.html', ['type' => 'services', 'title' => 'Чистка лица', 'created' => $base + 2 * $day,
  'body' => $body('<p>Ультразвуковая и комбинированная чистка лица.</p>'), 'field_price2' => '4 500 руб.',
  'field_service_section' => ['target_id' => $kosmetologiya->id()]]);
$massage = clinic_node('/services/massazh-lica.html', ['type' => 'services', 'title' => 'Массаж лица', 'created' => $base + 3 * $day,
  'body' => $body('<p>Классический и скульптурный массаж лица.</p>'), 'field_service_section' => ['target_id' => $kosmetologiya->id()]]);

// doctors
$ivanova = clinic_node('/doctors/ivanova.html', ['type' => 'doctors', 'title' => 'Иванова Мария Петровна', 'created' => $base,
  'field_post' => 'Врач-косметолог', 'field_services' => $refs($laser, $peel),
  'field_photo' => $image('public://doctors/ivanova.png', [120, 90, 200], 'Иванова М. П.', 90, 120),
  'field_photo_big' => $image('public://doctors/ivanova-big.png', [120, 90, 200], 'Иванова Мария Петровна', 300, 400),
  'body' => $body('<p>Стаж 12 лет. Лазерная эпиляция, пилинги.</p>')]);
$petrov = clinic_node('/doctors/petrov.html', ['type' => 'doctors', 'title' => 'Петров Иван Сергеевич', 'created' => $base + $day,
  'field_post' => 'Дерматолог', 'field_services' => $refs($peel, $chistka),
  'field_photo' => $image('public://doctors/petrov.png', [90, 160, 200], 'Петров И. С.', 90, 120), 'body' => $body('<p>Дерматолог, кандидат медицинских наук.</p>')]);
$smirnova = clinic_node('/doctors/smirnova.html', ['type' => 'doctors', 'title' => 'Смирнова Ольга Викторовна', 'created' => $base + 2 * $day,
  'field_post' => 'Косметолог-эстетист', 'field_services' => $refs($chistka, $massage), 'body' => $body('<p>Чистки и массаж лица.</p>')]);

// news: 13 items, a day apart (the newest is «Новогодний график работы»)
$newsTitles = ['Мы открылись', 'Новый диодный лазер', 'Скидки для студентов', 'Обучение врачей в Париже', 'Новый кабинет массажа',
  'День открытых дверей', 'Клиника получила лицензию', 'Приём дерматолога по субботам', 'Новая линия пилингов', 'Запись онлайн',
  'Летний режим работы', 'Клинике 5 лет', 'Новогодний график работы'];
$news = [];
foreach ($newsTitles as $i => $title) {
  $n = $i + 1;
  $news[] = clinic_node("/news/novost-$n.html", ['type' => 'news', 'title' => $title, 'created' => $base + $n * 5 * $day, 'changed' => $base + $n * 5 * $day,
    'body' => $body("<p>$title. Подробности по телефону клиники.</p>", $title),
    'field_date_publication' => $n % 4 === 0 ? date('Y-m-d', $base + $n * 5 * $day) : NULL,
    'field_image' => $n <= 3 ? $image("public://news/novost-$n.png", [60 * $n, 120, 90], $title) : NULL]);
}

// articles
$art1 = clinic_node('/article/uhod-zimoj.html', ['type' => 'article', 'title' => 'Уход за кожей зимой', 'created' => $base + 10 * $day,
  'body' => $body('<p>Статья про уход за кожей зимой: увлажнение и защита.</p>'), 'field_services' => $refs($peel), 'field_doctor' => ['target_id' => $ivanova->id()],
  'field_image' => $image('public://articles/zima.png', [200, 220, 255], 'Зима'), 'field_date_publication' => '2025-03-11']);
$art2 = clinic_node('/article/lazer-letom.html', ['type' => 'article', 'title' => 'Можно ли делать лазерную эпиляцию летом', 'created' => $base + 20 * $day,
  'body' => $body('<p>Да, но с защитой от солнца.</p>'), 'field_services' => $refs($laser), 'field_doctor' => ['target_id' => $petrov->id()]]);

// actions: one running until 2099, one ended, one without a date
$act1 = clinic_node('/special/skidka-na-piling.html', ['type' => 'actions', 'title' => 'Скидка 20% на пилинги', 'created' => $base + 30 * $day,
  'body' => $body('<p>Скидка 20% на все пилинги до конца акции.</p>'), 'field_subtitle' => 'Только по будням',
  'field_action_date' => '2099-12-31', 'field_services' => $refs($peel), 'field_image' => $image('public://actions/piling.png', [250, 200, 80], 'Акция')]);
$act2 = clinic_node('/special/leto-2024.html', ['type' => 'actions', 'title' => 'Летняя акция 2024', 'created' => $base + 31 * $day,
  'body' => $body('<p>Акция закончилась.</p>'), 'field_action_date' => '2024-08-31', 'field_services' => $refs($laser)]);
$act3 = clinic_node('/special/pervoe-poseshchenie.html', ['type' => 'actions', 'title' => 'Скидка 10% на первое посещение', 'created' => $base + 32 * $day,
  'body' => $body('<p>Скидка 10% при первом посещении.</p>'), 'field_services' => $refs($laser, $peel)]);

// reviews
$rev1 = clinic_node('/feedback/otzyv-anna.html', ['type' => 'reviews', 'title' => 'Анна', 'created' => $base + 40 * $day,
  'body' => $body('<p>Спасибо Марии Петровне за пилинг!</p>'), 'field_doctor' => ['target_id' => $ivanova->id()], 'field_services' => $refs($peel)]);
$rev2 = clinic_node('/feedback/otzyv-elena.html', ['type' => 'reviews', 'title' => 'Елена', 'created' => $base + 41 * $day,
  'body' => $body('<p>Эпиляция без боли, рекомендую.</p>'), 'field_doctor' => ['target_id' => $ivanova->id()], 'field_services' => $refs($laser)]);
$rev3 = clinic_node('/feedback/otzyv-oleg.html', ['type' => 'reviews', 'title' => 'Олег', 'created' => $base + 42 * $day,
  'body' => $body('<p>Хороший дерматолог.</p>'), 'field_doctor' => ['target_id' => $petrov->id()], 'field_services' => $refs($chistka)]);

// gallery: a before/after pair and a licence gallery (full-size scans beside the thumbnails)
$ba = clinic_node('/do-i-posle/piling.html', ['type' => 'gallery', 'title' => 'Пилинг: до и после', 'created' => $base + 50 * $day,
  'field_gallery_image' => [$image('public://gallery/piling-do.png', [150, 110, 100], 'До'), $image('public://gallery/piling-posle.png', [240, 210, 200], 'После')],
  'field_services' => $refs($peel)]);
$lic = clinic_node('/licenzii.html', ['type' => 'gallery', 'title' => 'Лицензии', 'created' => $base + 51 * $day,
  'body' => $body('<p>Лицензия на медицинскую деятельность.</p>'),
  'field_gallery_image' => [$image('public://gallery/licenziya-1-thumb.png', [230, 230, 230], 'Лицензия, стр. 1', 60, 85)],
  'field_gallery_image_1' => [$image('public://gallery/licenziya-1.png', [230, 230, 230], 'Лицензия, стр. 1', 600, 850)]]);

// video, equipment, press, patients, problem, slider
clinic_node('/video/o-klinike.html', ['type' => 'video', 'title' => 'Видео о клинике', 'created' => $base + 52 * $day, 'field_youtube' => 'dQw4w9WgXcQ',
  'field_image' => $image('public://video/o-klinike.png', [30, 30, 30], 'Видео о клинике'), 'body' => $body('<p>Экскурсия по клинике.</p>')]);
clinic_node('/oborudovaniye/diodnyj-lazer.html', ['type' => 'equipment', 'title' => 'Диодный лазер', 'created' => $base + 53 * $day,
  'field_image' => $image('public://equipment/laser.png', [90, 90, 140], 'Диодный лазер'), 'body' => $body('<p>Диодный лазер для эпиляции.</p>')]);
$smi1 = clinic_node('/smi-o-nas/kommersant.html', ['type' => 'smi_o_nas', 'title' => 'Коммерсантъ о клинике', 'created' => $base + 54 * $day,
  'field_date_publication' => '2025-04-20', 'field_link' => ['uri' => 'https://www.kommersant.ru/', 'title' => 'kommersant.ru'], 'body' => $body('<p>Интервью с главным врачом.</p>')]);
clinic_node('/smi-o-nas/vogue.html', ['type' => 'smi_o_nas', 'title' => 'Vogue: лучшие клиники Москвы', 'created' => $base + 55 * $day, 'body' => $body('<p>Мы в списке Vogue.</p>')]);
clinic_node('/patients/anna.html', ['type' => 'patients', 'title' => 'Анна, 34 года', 'created' => $base + 56 * $day,
  'field_photo' => $image('public://patients/anna.png', [220, 180, 160], 'Анна'), 'field_feedback_text' => $text('<p>Кожа стала гладкой после курса пилингов.</p>'),
  'field_services' => $refs($peel), 'body' => $body('<p>История пациентки.</p>')]);
clinic_node('/problems/akne.html', ['type' => 'problem', 'title' => 'Акне', 'created' => $base + 57 * $day, 'body' => $body('<p>Лечение акне.</p>')]);
clinic_node('/sliders/vesna.html', ['type' => 'sliders', 'title' => 'Весеннее обновление кожи', 'created' => $base + 58 * $day, 'sticky' => 1,
  'field_photo3' => $image('public://slides/vesna.png', [250, 180, 200], 'Весна', 1200, 400),
  'field_photos_mobile' => $image('public://slides/vesna-mobile.png', [250, 180, 200], 'Весна', 400, 400),
  'field_link' => ['uri' => 'internal:/special/skidka-na-piling.html', 'title' => 'Подробнее'], 'body' => $body('<p>Пилинги со скидкой.</p>')]);

// pages, and the draft
$pdf = clinic_file('public://docs/license.pdf', fn(string $path) => file_put_contents($path, "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));
$about = clinic_node('/about.html', ['type' => 'page', 'title' => 'О клинике', 'created' => $base,
  'body' => $body('<p>Клиника эстетической медицины. <a href="/services/piling.html">Пилинг</a>.</p>'),
  'field_image' => $image('public://pages/about.png', [180, 200, 220], 'Клиника'),
  'field_files' => [['target_id' => $pdf->id(), 'display' => 1, 'description' => 'Лицензия (PDF)']]]);
// The services page: the site draws its own at /services.html, but a menu link and a redirect point at the node. Older
// than every other page, so that "the newest page" stays one the site shows from Drupal.
$servicesPage = clinic_node('/services.html', ['type' => 'page', 'title' => 'Услуги', 'created' => $base - 2 * $day,
  'body' => $body('<p>Все услуги клиники.</p>', 'Услуги клиники эстетической медицины.')]);
$contacts = clinic_node('/contacts.html', ['type' => 'page', 'title' => 'Контакты', 'created' => $base, 'body' => $body('<p>Москва, ул. Примерная, 1. +7 (495) 000-00-00.</p>')]);
// An editor's popup links in a page's body (the site opens its popups from `#<form id>` links).
clinic_node('/karera.html', ['type' => 'page', 'title' => 'Карьера в клинике', 'created' => $base,
  'body' => $body('<p>Мы ищем врачей-косметологов и администраторов.</p><p><a href="#send_resume">Отправить резюме</a></p><p>Есть вопросы? <a href="#callback">Заказать звонок</a>.</p>')]);
$draft = clinic_node('/draft.html', ['type' => 'page', 'title' => 'Черновик', 'created' => $base, 'body' => $body('<p>Секретный черновик.</p>'), 'status' => 0]);
$summary[] = sprintf('nodes: %d created this run, %d news published', clinic_node_count(), count($news));

// ---------------------------------------------------------------------------------------------------------------
// Menus: read over jsonapi_menu_items (provision-stock.php turns it on and adds the services tree).

/** A menu_link_content link, found again by menu and title on a re-run and set to what is asked. */
function clinic_link(string $menu, string $title, string $uri, int $weight, ?MenuLinkContent $parent = NULL): MenuLinkContent {
  $storage = \Drupal::entityTypeManager()->getStorage('menu_link_content');
  $found = $storage->loadByProperties(['menu_name' => $menu, 'title' => $title]);
  $link = $found ? reset($found) : MenuLinkContent::create(['menu_name' => $menu, 'title' => $title]);
  $parentId = $parent ? 'menu_link_content:' . $parent->uuid() : '';
  if ($link->isNew() || $link->get('link')->uri !== $uri || (int) $link->getWeight() !== $weight || $link->getParentId() !== $parentId) {
    $link->set('link', ['uri' => $uri])->set('weight', $weight)->set('expanded', TRUE)->set('enabled', TRUE)->set('parent', $parentId)->save();
  }
  return $link;
}
clinic_link('main', 'О клинике', 'entity:node/' . $about->id(), 0);
$servicesLink = clinic_link('main', 'Услуги', 'entity:node/' . $servicesPage->id(), 1);
clinic_link('main', 'Лазерная эпиляция', 'entity:node/' . $laser->id(), 0, $servicesLink);
clinic_link('main', 'Химический пилинг', 'entity:node/' . $peel->id(), 1, $servicesLink);
clinic_link('main', 'Чистка лица', 'entity:node/' . $chistka->id(), 2, $servicesLink);
clinic_link('main', 'Врачи', 'internal:/doctors.html', 2);
clinic_link('main', 'Акции', 'internal:/special.html', 3);
clinic_link('main', 'Цены', 'internal:/price.html', 4);
clinic_link('main', 'Контакты', 'entity:node/' . $contacts->id(), 5);
clinic_link('footer', 'Новости', 'internal:/news.html', 0);
clinic_link('footer', 'Статьи', 'internal:/article.html', 1);
clinic_link('footer', 'Отзывы', 'internal:/feedback.html', 2);
clinic_link('footer', 'Фото до и после', 'internal:/do-i-posle.html', 3);
clinic_link('footer', 'Лицензии', 'entity:node/' . $lic->id(), 4);

// ---------------------------------------------------------------------------------------------------------------
// REST resources: webform_rest's four (json; basic_auth and cookie), and core's user resource (an editor's name).

$resources = ['webform_rest_fields' => ['GET'], 'webform_rest_elements' => ['GET'], 'webform_rest_submit' => ['POST'], 'webform_rest_submission' => ['GET'], 'entity.user' => ['GET']];
foreach ($resources as $id => $methods) {
  if (!RestResourceConfig::load($id)) {
    RestResourceConfig::create(['id' => $id, 'plugin_id' => str_replace('entity.', 'entity:', $id), 'granularity' => 'resource',
      'configuration' => ['methods' => $methods, 'formats' => ['json'], 'authentication' => ['basic_auth', 'cookie']]])->save();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The API and editor accounts.

$apiUser = $env('DRUPAL_API_USER', 'api');
$apiPassword = $env('DRUPAL_API_PASSWORD', 'api-secret');
$editorUser = $env('EDITOR_USER', 'editor');
$editorPassword = $env('EDITOR_PASSWORD', 'editor-secret');

/** Exactly these permissions (re-runs revoke anything else). */
function clinic_role(string $id, string $label, array $permissions): void {
  $role = Role::load($id) ?? Role::create(['id' => $id, 'label' => $label]);
  foreach ($role->getPermissions() as $p) {
    $role->revokePermission($p);
  }
  foreach ($permissions as $p) {
    $role->grantPermission($p);
  }
  $role->save();
}
// README «The Drupal it needs»: access content and the REST resources' permissions, nothing else.
clinic_role('api', 'API сайта', ['access content', 'restful get webform_rest_fields', 'restful post webform_rest_submit']);
$editorPerms = ['access content', 'access content overview', 'view own unpublished content', 'bypass node access', 'view all revisions', 'revert all revisions',
  'access toolbar', 'view the administration theme', 'access administration pages', 'use text format basic_html', 'use text format full_html',
  'create url aliases', 'access files overview', 'create terms in services', 'edit terms in services', 'administer menu', 'access user profiles'];
foreach (array_keys($bundles) as $b) {
  array_push($editorPerms, "create $b content", "edit any $b content", "edit own $b content", "delete any $b content", "view $b revisions");
}
clinic_role('clinic_editor', 'Редактор клиники', $editorPerms);

function clinic_account(string $name, string $password, string $role): User {
  $user = user_load_by_name($name) ?: User::create(['name' => $name, 'mail' => "$name@example.com", 'status' => 1]);
  $user->setPassword($password);
  $user->addRole($role);
  $user->activate();
  $user->save();
  return $user;
}
$api = clinic_account($apiUser, $apiPassword, 'api');
$editor = clinic_account($editorUser, $editorPassword, 'clinic_editor');
$summary[] = "accounts: $apiUser (uid {$api->id()}, role api), $editorUser (uid {$editor->id()}, role clinic_editor)";

// ---------------------------------------------------------------------------------------------------------------
// The six popup webforms (ids and element keys of demo-origin/src/content/webforms.ts).

$hiddenPage = [
  'send_page_url' => ['#type' => 'hidden', '#title' => 'Адрес страницы'],
  'send_page_title' => ['#type' => 'hidden', '#title' => 'Заголовок страницы'],
];
$consultation = fn(string $submit, bool $unique) => [
  'vashe_imya' => ['#type' => 'textfield', '#title' => 'Ваше имя', '#required' => TRUE, '#placeholder' => 'Как к вам обращаться'],
  'vash_telefon' => ['#type' => 'tel', '#title' => 'Ваш телефон', '#required' => TRUE, '#placeholder' => '+7 (___) ___-__-__'],
  // The Drupal-only validation: one submission per e-mail address.
  'email' => ['#type' => 'email', '#title' => 'E-mail'] + ($unique ? ['#unique' => TRUE] : []),
  'date' => ['#type' => 'date', '#title' => 'Желаемая дата визита', '#date_date_min' => 'today'],
  'udobnoe_vremya' => ['#type' => 'webform_time', '#title' => 'Удобное время', '#min' => '09:00', '#max' => '21:00', '#step' => 1800, '#time_format' => 'H:i'],
  'primechanie' => ['#type' => 'textarea', '#title' => 'Примечание', '#rows' => 3],
] + $hiddenPage + [
  'actions' => ['#type' => 'webform_actions', '#title' => 'Кнопка отправки', '#submit__label' => $submit],
];
$doctorOptions = [];
foreach ([$ivanova, $petrov, $smirnova] as $d) {
  $doctorOptions[(string) $d->id()] = $d->label();
}
$webforms = [
  'consultation' => ['Записаться на прием', $consultation('Записаться', TRUE)],
  'consultation1' => ['Записаться на консультацию', $consultation('Записаться на консультацию', FALSE)],
  'callback' => ['Заказать звонок', [
    'vashe_imya' => ['#type' => 'textfield', '#title' => 'Ваше имя', '#required' => TRUE],
    'nomer_telefona' => ['#type' => 'tel', '#title' => 'Номер телефона', '#required' => TRUE, '#placeholder' => '+7 (___) ___-__-__'],
    'udobnoe_vremya' => ['#type' => 'select', '#title' => 'Когда вам позвонить?', '#empty_option' => '- Выберите время -', '#options' => [
      'asap' => 'Как можно скорее', '9-12' => 'С 9:00 до 12:00', '12-15' => 'С 12:00 до 15:00', '15-18' => 'С 15:00 до 18:00', '18-21' => 'С 18:00 до 21:00']],
    'message' => ['#type' => 'textarea', '#title' => 'Комментарий', '#rows' => 2],
    'callback_info' => ['#type' => 'webform_markup', '#markup' => '<p>Перезвоним в течение 15 минут в рабочее время клиники (9:00–21:00).</p>'],
  ] + $hiddenPage],
  'send_resume' => ['Отправить резюме', [
    'lichnye_dannye' => ['#type' => 'fieldset', '#title' => 'Личные данные',
      'vashe_imya' => ['#type' => 'textfield', '#title' => 'Ваше имя', '#required' => TRUE],
      'vash_telefon' => ['#type' => 'tel', '#title' => 'Ваш телефон', '#required' => TRUE],
      'email' => ['#type' => 'email', '#title' => 'E-mail', '#required' => TRUE],
    ],
    'vakansiya' => ['#type' => 'select', '#title' => 'Вакансия', '#required' => TRUE, '#empty_option' => '- Выберите вакансию -', '#options' => [
      'vrach-kosmetolog' => 'Врач-косметолог', 'administrator' => 'Администратор клиники', 'medsestra' => 'Медицинская сестра']],
    'rezyume' => ['#type' => 'managed_file', '#title' => 'Резюме', '#file_extensions' => 'pdf doc docx rtf odt', '#max_filesize' => '5', '#uri_scheme' => 'private'],
    'primechanie' => ['#type' => 'textarea', '#title' => 'Сопроводительное письмо'],
  ] + $hiddenPage + ['actions' => ['#type' => 'webform_actions', '#title' => 'Кнопка отправки', '#submit__label' => 'Отправить резюме']]],
  'review' => ['Оставить отзыв', [
    'vashe_imya' => ['#type' => 'textfield', '#title' => 'Ваше имя', '#required' => TRUE],
    'email' => ['#type' => 'email', '#title' => 'E-mail', '#required' => TRUE, '#description' => 'Не публикуется на сайте'],
    'vrach' => ['#type' => 'select', '#title' => 'Врач', '#empty_option' => '- Не выбран -', '#options' => $doctorOptions],
    // Radios over webform's predefined option set `yes_no` (the demo draws it as a select).
    'rekomenduete' => ['#type' => 'radios', '#title' => 'Порекомендуете ли вы клинику друзьям?', '#options' => 'yes_no'],
    'primechanie' => ['#type' => 'textarea', '#title' => 'Ваш отзыв', '#required' => TRUE, '#minlength' => 10, '#rows' => 5],
    'soglasie' => ['#type' => 'checkbox', '#title' => 'Я согласен(на) на публикацию отзыва на сайте', '#required' => TRUE],
    'otvet_administratora' => ['#type' => 'textarea', '#title' => 'Комментарий администратора', '#private' => TRUE],
  ] + $hiddenPage + ['actions' => ['#type' => 'webform_actions', '#title' => 'Кнопка отправки', '#submit__label' => 'Оставить отзыв']]],
  'discount' => ['Получить скидку', [
    'discount_info' => ['#type' => 'webform_markup', '#markup' => '<p>Скидка 10% при первом посещении или 25% за согласие на публикацию фото до и после. Скидки не суммируются.</p>'],
    'fio' => ['#type' => 'webform_name', '#title' => 'Ваше имя', '#required' => TRUE,
      '#title__access' => FALSE, '#middle__access' => FALSE, '#suffix__access' => FALSE, '#degree__access' => FALSE,
      '#first__title' => 'Имя', '#first__required' => TRUE, '#last__title' => 'Фамилия', '#last__required' => TRUE],
    'vash_telefon' => ['#type' => 'tel', '#title' => 'Ваш телефон', '#required' => TRUE],
    'email' => ['#type' => 'webform_email_confirm', '#title' => 'E-mail'],
    'procedury' => ['#type' => 'checkboxes', '#title' => 'Какие процедуры вас интересуют?', '#default_value' => ['chistka'],
      '#options' => ['chistka' => 'Чистка лица', 'piling' => 'Пилинг', 'massazh' => 'Массаж лица', 'epilyaciya' => 'Лазерная эпиляция']],
    'kak_uznali' => ['#type' => 'radios', '#title' => 'Как вы о нас узнали?', '#required' => TRUE,
      '#options' => ['internet' => 'В интернете', 'druzya' => 'От друзей', 'reklama' => 'Из рекламы']],
    'vozrast' => ['#type' => 'number', '#title' => 'Ваш возраст', '#min' => 18, '#max' => 99, '#step' => 1],
    'date' => ['#type' => 'date', '#title' => 'Дата визита'],
    'soglasie_na_rassylku' => ['#type' => 'checkbox', '#title' => 'Хочу получать новости об акциях', '#default_value' => TRUE],
    'usloviya' => ['#type' => 'webform_terms_of_service', '#title' => 'Я принимаю {условия акции}', '#required' => TRUE, '#terms_type' => 'slideout',
      '#terms_title' => 'Условия акции', '#terms_content' => '<p>Скидка действует на первое посещение клиники и не суммируется с другими акциями. Скидку за публикацию фото до и после даём после письменного согласия.</p>'],
    'skidka' => ['#type' => 'hidden', '#title' => 'Скидка', '#default_value' => '10%'],
  ] + $hiddenPage + ['actions' => ['#type' => 'webform_actions', '#title' => 'Кнопка отправки', '#submit__label' => 'Получить скидку']]],
];
foreach ($webforms as $id => [$title, $elements]) {
  $webform = Webform::load($id) ?? Webform::create(['id' => $id]);
  $webform->set('title', $title);
  $webform->set('status', Webform::STATUS_OPEN);
  $webform->setElements($elements);
  // Only the site's API account submits (through webform_rest); anonymous gets nothing beyond core's defaults.
  $rules = $webform->getAccessRules();
  $rules['create'] = ['roles' => ['api'], 'users' => [], 'permissions' => []];
  $webform->setAccessRules($rules);
  $webform->save();
}
\Drupal::configFactory()->getEditable('webform_rest.settings')->set('confirmation_settings', FALSE)->save();
$summary[] = 'webforms: ' . implode(', ', array_keys($webforms)) . ' (consultation.email #unique)';

// ---------------------------------------------------------------------------------------------------------------
// The clinic's /rest/... lists as Views REST exports.

/** A field of the view: a node base field, a configurable field (node__<name>), or the node's link. */
function vf(string $name, array $extra = []): array {
  $base = ['nid' => 'number_integer', 'title' => 'string', 'created' => 'timestamp'];
  if ($name === 'view_node') {
    return $extra + ['id' => 'view_node', 'table' => 'node', 'field' => 'view_node', 'plugin_id' => 'entity_link', 'entity_type' => 'node', 'output_url_as_text' => TRUE, 'absolute' => FALSE, 'label' => ''];
  }
  $field = ['id' => $name, 'field' => $name, 'plugin_id' => 'field', 'entity_type' => 'node', 'entity_field' => $name, 'label' => ''];
  if (isset($base[$name])) {
    $field += ['table' => 'node_field_data', 'type' => $base[$name]];
    if ($name === 'nid') {
      $field['settings'] = ['thousand_separator' => '', 'prefix_suffix' => FALSE];
    }
    if ($name === 'title') {
      $field['settings'] = ['link_to_entity' => FALSE];
    }
    if ($name === 'created') {
      $field['settings'] = ['date_format' => 'custom', 'custom_date_format' => 'd.m.Y', 'timezone' => 'Europe/Moscow'];
    }
  }
  else {
    $field['table'] = "node__$name";
  }
  return array_replace_recursive($field, $extra);
}
/** A multi-value field rendered as one comma-separated string. */
function vmulti(string $name, array $extra = []): array {
  return vf($name, $extra + ['group_rows' => TRUE, 'delta_limit' => 0, 'delta_offset' => 0, 'multi_type' => 'separator', 'separator' => ', ']);
}
$imgTag = fn(string $name, string $style = 'medium') => vf($name, ['type' => 'image', 'settings' => ['image_style' => $style, 'image_link' => '']]);
$imgUrl = fn(string $name) => vmulti($name, ['type' => 'image_url', 'settings' => ['image_style' => '']]);
$html = fn(string $name) => vf($name, ['type' => 'text_default']);
$dateField = fn(string $name) => vf($name, ['type' => 'datetime_custom', 'settings' => ['date_format' => 'd.m.Y', 'timezone_override' => '']]);
$label = fn(string $name, bool $link) => vmulti($name, ['type' => 'entity_reference_label', 'settings' => ['link' => $link]]);

$status = fn(string $rel = 'none') => ['id' => $rel === 'none' ? 'status' : "status_$rel", 'table' => 'node_field_data', 'field' => 'status', 'plugin_id' => 'boolean', 'entity_type' => 'node', 'entity_field' => 'status', 'value' => '1', 'group' => 1, 'relationship' => $rel];
$type = fn(string ...$types) => ['id' => 'type', 'table' => 'node_field_data', 'field' => 'type', 'plugin_id' => 'bundle', 'entity_type' => 'node', 'entity_field' => 'type', 'value' => array_combine($types, $types), 'group' => 1];
$byNid = fn(bool $not) => ['id' => 'nid', 'table' => 'node_field_data', 'field' => 'nid', 'plugin_id' => 'node_nid', 'entity_type' => 'node', 'entity_field' => 'nid', 'not' => $not, 'default_action' => 'not found', 'specify_validation' => TRUE, 'validate' => ['type' => 'numeric', 'fail' => 'not found']];
$byRef = fn(string $field) => ['id' => "{$field}_target_id", 'table' => "node__$field", 'field' => "{$field}_target_id", 'plugin_id' => 'numeric', 'entity_type' => 'node', 'entity_field' => $field, 'default_action' => 'not found', 'specify_validation' => TRUE, 'validate' => ['type' => 'numeric', 'fail' => 'not found']];
$rel = fn(string $field) => [$field => ['id' => $field, 'table' => "node__$field", 'field' => $field, 'plugin_id' => 'standard', 'required' => TRUE]];
$newest = ['created' => ['id' => 'created', 'table' => 'node_field_data', 'field' => 'created', 'plugin_id' => 'date', 'entity_type' => 'node', 'entity_field' => 'created', 'order' => 'DESC']];

/**
 * One Views REST export: `$fields` keyed by the row key (a field of a relationship carries 'relationship').
 */
function clinic_view(string $id, string $label, string $path, array $fields, array $opts = []): void {
  $opts += ['filters' => [], 'arguments' => [], 'relationships' => [], 'sorts' => [], 'limit' => 0, 'field_options' => []];
  $keyed = [];
  foreach ($fields as $key => $field) {
    $field['id'] = $key;
    $keyed[$key] = $field;
  }
  $display = [
    'default' => ['id' => 'default', 'display_title' => 'Default', 'display_plugin' => 'default', 'position' => 0, 'display_options' => [
      'title' => $label,
      'access' => ['type' => 'perm', 'options' => ['perm' => 'access content']],
      'cache' => ['type' => 'tag', 'options' => []],
      'query' => ['type' => 'views_query', 'options' => ['distinct' => TRUE]],
      'pager' => $opts['limit'] ? ['type' => 'some', 'options' => ['items_per_page' => $opts['limit'], 'offset' => 0]] : ['type' => 'none', 'options' => ['offset' => 0]],
      'fields' => $keyed,
      'filters' => ['status' => ['id' => 'status', 'table' => 'node_field_data', 'field' => 'status', 'plugin_id' => 'boolean', 'entity_type' => 'node', 'entity_field' => 'status', 'value' => '1', 'group' => 1]] + $opts['filters'],
      'sorts' => $opts['sorts'],
      'arguments' => $opts['arguments'],
      'relationships' => $opts['relationships'],
      'style' => ['type' => 'serializer'],
      'row' => ['type' => 'data_field'],
    ]],
    'rest_export_1' => ['id' => 'rest_export_1', 'display_title' => 'REST export', 'display_plugin' => 'rest_export', 'position' => 1, 'display_options' => [
      'path' => $path,
      'style' => ['type' => 'serializer', 'options' => ['formats' => ['json' => 'json']]],
      'row' => ['type' => 'data_field', 'options' => ['field_options' => $opts['field_options']]],
      'auth' => ['cookie', 'basic_auth'],
    ]],
  ];
  $view = View::load($id) ?? View::create(['id' => $id, 'base_table' => 'node_field_data', 'base_field' => 'nid']);
  $view->set('label', $label);
  $view->set('status', TRUE);
  $view->set('display', $display);
  $view->save();
}

$views = [];
// Search: the clinic's view of spec §7; `keys` looks in titles and bodies, every published node with a page.
clinic_view('rest_search', 'REST: поиск', 'rest/search', [
  'id' => vf('nid'), 'title' => vf('title'), 'body' => vf('body', ['exclude' => TRUE, 'type' => 'text_default']),
  'field_service' => $label('field_services', TRUE) + ['field' => 'field_services', 'table' => 'node__field_services', 'entity_field' => 'field_services'],
  'view_node' => vf('view_node'),
], ['limit' => 50, 'sorts' => $newest, 'filters' => [
  // A price row (provision-stock.php) has no page of its own: search leaves it out.
  'type' => $type('price') + ['operator' => 'not in'],
  'combine' => ['id' => 'combine', 'table' => 'views', 'field' => 'combine', 'plugin_id' => 'combine', 'operator' => 'allwords', 'value' => '', 'group' => 1, 'exposed' => TRUE,
  'expose' => ['operator_id' => 'combine_op', 'label' => 'keys', 'identifier' => 'keys', 'required' => FALSE, 'remember' => FALSE, 'multiple' => FALSE, 'remember_roles' => ['authenticated' => 'authenticated']],
  'fields' => ['title' => 'title', 'body' => 'body']]]]);
$views[] = '/rest/search?keys=';

// 'Other' lists: the newest of a kind except the node shown.
$other = [
  'doctors' => ['doctors', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_photo' => $imgTag('field_photo'), 'field_post' => vf('field_post')]],
  'news' => ['news', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_image' => $imgTag('field_image'), 'created' => vf('created'), 'field_date_publication' => $dateField('field_date_publication')]],
  'actions' => ['actions', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_image' => $imgTag('field_image'), 'field_subtitle' => vf('field_subtitle'), 'field_action_date' => $dateField('field_action_date')]],
  'smi-o-nas' => ['smi_o_nas', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_image' => $imgTag('field_image'), 'created' => vf('created'), 'field_date_publication' => $dateField('field_date_publication')]],
];
foreach ($other as $segment => [$bundle, $fields]) {
  $id = 'rest_' . str_replace('-', '_', $segment) . '_other';
  clinic_view($id, "REST: другие ($segment)", "rest/$segment/other/%", $fields, ['limit' => 4, 'sorts' => $newest, 'filters' => ['type' => $type($bundle)], 'arguments' => ['nid' => $byNid(TRUE)]]);
  $views[] = "/rest/$segment/other/{nid}";
}

// Per-service lists: nodes whose field_services holds the service.
$perService = [
  'doctors' => ['doctors', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_photo' => $imgTag('field_photo'), 'field_post' => vf('field_post')], 'title'],
  'actions' => ['actions', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_image' => $imgTag('field_image'), 'field_subtitle' => vf('field_subtitle'), 'field_action_date' => $dateField('field_action_date')], 'created'],
  'patients' => ['patients', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_photo' => $imgUrl('field_photo'), 'field_feedback_text' => $html('field_feedback_text')], 'created'],
  'do-i-posle' => ['gallery', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'field_gallery_image' => $imgUrl('field_gallery_image')], 'created'],
  'feedback' => ['reviews', ['nid' => vf('nid'), 'title' => vf('title'), 'body' => $html('body'), 'created' => vf('created'), 'field_doctor' => $label('field_doctor', FALSE), 'view_node' => vf('view_node')], 'created'],
  'articles' => ['article', ['nid' => vf('nid'), 'title' => vf('title'), 'view_node' => vf('view_node'), 'created' => vf('created')], 'created'],
];
foreach ($perService as $segment => [$bundle, $fields, $sort]) {
  $id = 'rest_' . str_replace('-', '_', $segment) . '_service';
  $sorts = $sort === 'title'
    ? ['title' => ['id' => 'title', 'table' => 'node_field_data', 'field' => 'title', 'plugin_id' => 'standard', 'entity_type' => 'node', 'entity_field' => 'title', 'order' => 'ASC']]
    : $newest;
  clinic_view($id, "REST: $segment услуги", "rest/$segment/service/%", $fields, ['limit' => 20, 'sorts' => $sorts, 'filters' => ['type' => $type($bundle)], 'arguments' => ['field_services_target_id' => $byRef('field_services')]]);
  $views[] = "/rest/$segment/service/{nid}";
}

// A doctor's reviews.
clinic_view('rest_feedback_doctor', 'REST: отзывы о враче', 'rest/feedback/doctor/%', $perService['feedback'][1],
  ['limit' => 20, 'sorts' => $newest, 'filters' => ['type' => $type('reviews')], 'arguments' => ['field_doctor_target_id' => $byRef('field_doctor')]]);
$views[] = '/rest/feedback/doctor/{nid}';

// An article's author (the doctor of its field_doctor) and its service (field_services), through relationships.
$onRel = fn(array $field, string $r) => $field + ['relationship' => $r];
clinic_view('rest_author', 'REST: автор статьи', 'rest/author/%', [
  'nid' => $onRel(vf('nid'), 'field_doctor'), 'title' => $onRel(vf('title'), 'field_doctor'), 'view_node' => $onRel(vf('view_node'), 'field_doctor'),
  'field_photo' => $onRel($imgTag('field_photo'), 'field_doctor'), 'field_post' => $onRel(vf('field_post'), 'field_doctor'),
], ['limit' => 1, 'relationships' => $rel('field_doctor'), 'filters' => ['status_field_doctor' => $status('field_doctor')], 'arguments' => ['nid' => $byNid(FALSE)]]);
$views[] = '/rest/author/{nid}';
clinic_view('rest_service_article', 'REST: услуга статьи', 'rest/service/article/%', [
  'nid' => $onRel(vf('nid'), 'field_services'), 'title' => $onRel(vf('title'), 'field_services'), 'view_node' => $onRel(vf('view_node'), 'field_services'),
], ['limit' => 5, 'relationships' => $rel('field_services'), 'filters' => ['status_field_services' => $status('field_services')], 'arguments' => ['nid' => $byNid(FALSE)]]);
$views[] = '/rest/service/article/{nid}';

// Licence images: galleries with full-size scans, thumbnails and scans as comma-separated URLs.
clinic_view('rest_license_images', 'REST: лицензии', 'rest/license-images', [
  'nid' => vf('nid'), 'title' => vf('title'), 'field_gallery_image' => $imgUrl('field_gallery_image'), 'field_gallery_image_1' => $imgUrl('field_gallery_image_1'),
], ['limit' => 50, 'sorts' => $newest, 'filters' => ['type' => $type('gallery'), 'field_gallery_image_1_target_id' => ['id' => 'field_gallery_image_1_target_id', 'table' => 'node__field_gallery_image_1',
  'field' => 'field_gallery_image_1_target_id', 'plugin_id' => 'numeric', 'entity_type' => 'node', 'entity_field' => 'field_gallery_image_1', 'operator' => 'not empty', 'value' => ['value' => '', 'min' => '', 'max' => ''], 'group' => 1]]]);
$views[] = '/rest/license-images';
$summary[] = 'views: ' . implode(' ', $views);

// ---------------------------------------------------------------------------------------------------------------
// The stock part: menus over jsonapi_menu_items, metatag, redirects, the price list (a Drupal without the clinic's modules).

require __DIR__ . '/provision-stock.php';

// ---------------------------------------------------------------------------------------------------------------
// The `next` module: one site per front end, the path revalidator for every node bundle.

if (\Drupal::moduleHandler()->moduleExists('next')) {
  $sites = [];
  foreach (array_filter(array_map('trim', explode(',', $env('NEXT_SITES', 'clinic=http://127.0.0.1:8787')))) as $pair) {
    [$name, $url] = array_map('trim', explode('=', $pair, 2)) + [1 => ''];
    $id = strtolower(preg_replace('/[^a-zA-Z0-9_]+/', '_', $name));
    if ($id !== '' && $url !== '') {
      $sites[$id] = rtrim($url, '/');
    }
  }
  $secret = $env('NEXT_SECRET', 'purge-secret');
  $siteStorage = \Drupal::entityTypeManager()->getStorage('next_site');
  foreach ($sites as $id => $url) {
    $site = $siteStorage->load($id) ?? $siteStorage->create(['id' => $id]);
    $site->set('label', "Front end $id");
    $site->set('base_url', $url);
    $site->set('preview_url', "$url/api/preview");
    $site->set('preview_secret', $secret);
    $site->set('revalidate_url', "$url/api/revalidate");
    $site->set('revalidate_secret', $secret);
    $site->save();
  }
  // The listing page of each bundle (worker/routes/listing-table.ts); services and pages have none.
  $listings = ['news' => '/news.html', 'article' => '/article.html', 'reviews' => '/feedback.html', 'equipment' => '/oborudovaniye.html',
    'smi_o_nas' => '/smi-o-nas.html', 'actions' => '/special.html', 'video' => '/video.html', 'doctors' => '/doctors.html', 'gallery' => '/do-i-posle.html',
    // A price row has no page of its own; the price list shows it.
    'price' => '/price.html'];
  $cfgStorage = \Drupal::entityTypeManager()->getStorage('next_entity_type_config');
  $selected = array_combine(array_keys($sites), array_keys($sites));
  foreach ([...array_keys($bundles), 'price'] as $b) {
    $cfg = $cfgStorage->load("node.$b") ?? $cfgStorage->create(['id' => "node.$b"]);
    $cfg->set('site_resolver', 'site_selector');
    $cfg->set('configuration', ['sites' => $selected]);
    $cfg->set('revalidator', 'path');
    $cfg->set('revalidator_configuration', ['revalidate_page' => TRUE, 'additional_paths' => $listings[$b] ?? '']);
    $cfg->save();
  }
  \Drupal::configFactory()->getEditable('next.settings')->set('debug', TRUE)->save();
  $summary[] = 'next: sites ' . implode(', ', array_map(fn($id, $url) => "$id=$url", array_keys($sites), $sites)) . '; ' . (count($bundles) + 1) . ' bundle configs';
}
else {
  $summary[] = 'next: module absent, skipped';
}

\Drupal::service('router.builder')->rebuild();
$summary[] = sprintf('provisioned in %.1f s', microtime(TRUE) - $started);
echo implode("\n", $summary), "\n";
