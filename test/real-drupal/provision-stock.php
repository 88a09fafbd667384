<?php
// phpcs:ignoreFile
/**
 * The stock part of the clinic (required by provision.php, after its nodes and menus): what a site builder
 * makes with core and well-known contrib alone, for a Drupal without the clinic's own modules
 * (docs/drupal.md, the clinic's checklist). Safe to run twice.
 *
 *   modules     jsonapi_menu_items (+ jsonapi_resources), redirect, metatag_open_graph; rest_menu_items stays off
 *               (the site does not read it, and it answers 500 for a menu holding core's Contact link)
 *   menus       main: «Услуги» → the /services.html page node, the services under it (two levels), «Врачи»
 *               (internal:/doctors.html, a listing), «О клинике», «Контакты»; footer: a few links and core's
 *               Contact link (contact.site_page, as the standard profile leaves it); services: the services tree
 *   metatag     node defaults: description and og:description from the body's summary, og:title, og:image from
 *               field_image or field_photo, canonical (Drupal's own URL); robots noindex for the problem bundle
 *   redirects   /old-services.html → /services.html (301, an entity), /old-news.html → /news.html (301, a
 *               listing), /old-price.html → /price.html (302); a Views REST export of them at /rest/redirects
 *   price list  vocabulary price_groups, content type price (field_price_sum, field_price_sum_special, field_code,
 *               field_price_group, field_services, field_weight), rows read over JSON:API
 *   a block     a `basic` custom block «Почему выбирают нас», placed on every page by the sites' DRUPAL_BLOCKS
 *
 * Uses provision.php's scope: clinic_node(), clinic_field(), clinic_link(), $laser, $peel, $chistka, $massage,
 * $about, $contacts, $servicesPage, $servicesLink (main's «Услуги»), $body, $base, $day, $summary.
 */

use Drupal\node\Entity\NodeType;
use Drupal\system\Entity\Menu;
use Drupal\taxonomy\Entity\Term;
use Drupal\taxonomy\Entity\Vocabulary;
use Drupal\views\Entity\View;

\Drupal::service('module_installer')->install(['jsonapi_menu_items', 'redirect', 'metatag_open_graph']);

// ---------------------------------------------------------------------------------------------------------------
// Two child services of the laser one (a services tree two levels deep). Older than every other service, so that
// "the newest service" stays what the other tests expect.

$laserFace = clinic_node('/services/lazernaya-epilyaciya/lico.html', ['type' => 'services', 'title' => 'Лазерная эпиляция лица', 'created' => $base - 2 * $day,
  'body' => $body('<p>Эпиляция верхней губы, подбородка и щёк диодным лазером.</p>', 'Лазерная эпиляция зон лица.'), 'field_price2' => 'от 1 500 руб.']);
$laserLegs = clinic_node('/services/lazernaya-epilyaciya/nogi.html', ['type' => 'services', 'title' => 'Лазерная эпиляция ног', 'created' => $base - 3 * $day,
  'body' => $body('<p>Эпиляция голеней и бёдер диодным лазером.</p>', 'Лазерная эпиляция ног целиком.'), 'field_price2' => 'от 4 000 руб.']);

// ---------------------------------------------------------------------------------------------------------------
// Menus, read by jsonapi_menu_items (GET /jsonapi/menu_items/{menu}; "access content" is enough).

if (!Menu::load('services')) {
  Menu::create(['id' => 'services', 'label' => 'Услуги', 'description' => 'Дерево услуг клиники'])->save();
}
$mainServices = $servicesLink;
$mainLaser = clinic_link('main', 'Лазерная эпиляция', 'entity:node/' . $laser->id(), 0, $mainServices);
clinic_link('main', 'Лазерная эпиляция лица', 'entity:node/' . $laserFace->id(), 0, $mainLaser);
clinic_link('main', 'Лазерная эпиляция ног', 'entity:node/' . $laserLegs->id(), 1, $mainLaser);
$treeLaser = clinic_link('services', 'Лазерная эпиляция', 'entity:node/' . $laser->id(), 0);
clinic_link('services', 'Лазерная эпиляция лица', 'entity:node/' . $laserFace->id(), 0, $treeLaser);
clinic_link('services', 'Лазерная эпиляция ног', 'entity:node/' . $laserLegs->id(), 1, $treeLaser);
clinic_link('services', 'Химический пилинг', 'entity:node/' . $peel->id(), 1);
clinic_link('services', 'Чистка лица', 'entity:node/' . $chistka->id(), 2);
clinic_link('services', 'Массаж лица', 'entity:node/' . $massage->id(), 3);
clinic_link('footer', 'О клинике', 'entity:node/' . $about->id(), 5);
clinic_link('footer', 'Контакты', 'entity:node/' . $contacts->id(), 6);
$summary[] = 'stock menus: main «Услуги» = menu_link_content:' . $mainServices->uuid() . ', services «Лазерная эпиляция» = menu_link_content:' . $treeLaser->uuid();

// ---------------------------------------------------------------------------------------------------------------
// Metatag: what every node's JSON:API `metatag` field carries. Tokens: [node:summary] is the body's summary, else
// its trimmed text; an image field's file is [node:<field>:entity:url] (token module), empty when the node has none.

$defaults = \Drupal::entityTypeManager()->getStorage('metatag_defaults');
$nodeDefaults = $defaults->load('node');
$nodeDefaults->set('tags', [
  'title' => '[node:title] | [site:name]',
  'description' => '[node:summary]',
  'canonical_url' => '[node:url]',
  'og_title' => '[node:title]',
  'og_description' => '[node:summary]',
  'og_image' => '[node:field_image:entity:url],[node:field_photo:entity:url]',
  'og_url' => '[node:url]',
  'og_type' => 'article',
]);
$nodeDefaults->save();
// One bundle kept out of search engines: its nodes' metatag carries robots.
$problem = $defaults->load('node__problem') ?? $defaults->create(['id' => 'node__problem', 'label' => 'Content: Проблемы']);
$problem->set('tags', ['robots' => 'noindex, nofollow']);
$problem->save();

// ---------------------------------------------------------------------------------------------------------------
// Redirects, as the redirect UI saves them (source without the leading slash, target as typed).

$redirects = \Drupal::entityTypeManager()->getStorage('redirect');
foreach ([['old-services.html', 'internal:/services.html', 301], ['old-news.html', 'internal:/news.html', 301], ['old-price.html', 'internal:/price.html', 302]] as [$from, $to, $code]) {
  $found = $redirects->loadByProperties(['redirect_source.path' => $from]);
  $redirect = $found ? reset($found) : $redirects->create(['redirect_source' => ['path' => $from], 'language' => 'und']);
  $redirect->set('redirect_redirect', ['uri' => $to])->set('status_code', $code)->save();
}

// The redirects as a Views REST export: decoupled_router reports a hop only to an entity, and the redirect entities'
// own routes need "administer redirects". Rows {source, target, status}: target as the link formatter's plain URL.
$redirectField = fn(string $id, string $field, string $entityField, array $extra = []) => $extra + ['id' => $id, 'table' => 'redirect', 'field' => $field,
  'plugin_id' => 'field', 'entity_type' => 'redirect', 'entity_field' => $entityField, 'label' => ''];
$redirectView = View::load('rest_redirects') ?? View::create(['id' => 'rest_redirects', 'base_table' => 'redirect', 'base_field' => 'rid']);
$redirectView->set('label', 'REST: редиректы');
$redirectView->set('status', TRUE);
$redirectView->set('display', [
  'default' => ['id' => 'default', 'display_title' => 'Default', 'display_plugin' => 'default', 'position' => 0, 'display_options' => [
    'title' => 'Редиректы',
    'access' => ['type' => 'perm', 'options' => ['perm' => 'access content']],
    'cache' => ['type' => 'tag', 'options' => []],
    'query' => ['type' => 'views_query', 'options' => []],
    'pager' => ['type' => 'none', 'options' => ['offset' => 0]],
    'fields' => [
      'redirect_source__path' => $redirectField('redirect_source__path', 'redirect_source__path', 'redirect_source', ['type' => 'redirect_source', 'click_sort_column' => 'path']),
      'redirect_redirect__uri' => $redirectField('redirect_redirect__uri', 'redirect_redirect__uri', 'redirect_redirect', ['type' => 'link',
        'settings' => ['trim_length' => NULL, 'url_only' => TRUE, 'url_plain' => TRUE, 'rel' => '', 'target' => '']]),
      'status_code' => $redirectField('status_code', 'status_code', 'status_code', ['type' => 'number_integer', 'settings' => ['thousand_separator' => '', 'prefix_suffix' => FALSE]]),
    ],
    'sorts' => ['rid' => ['id' => 'rid', 'table' => 'redirect', 'field' => 'rid', 'plugin_id' => 'standard', 'entity_type' => 'redirect', 'entity_field' => 'rid', 'order' => 'ASC']],
    'style' => ['type' => 'serializer'],
    'row' => ['type' => 'data_field'],
  ]],
  'rest_export_1' => ['id' => 'rest_export_1', 'display_title' => 'REST export', 'display_plugin' => 'rest_export', 'position' => 1, 'display_options' => [
    'path' => 'rest/redirects',
    'style' => ['type' => 'serializer', 'options' => ['formats' => ['json' => 'json']]],
    'row' => ['type' => 'data_field', 'options' => ['field_options' => [
      'redirect_source__path' => ['alias' => 'source', 'raw_output' => FALSE],
      'redirect_redirect__uri' => ['alias' => 'target', 'raw_output' => FALSE],
      'status_code' => ['alias' => 'status', 'raw_output' => FALSE],
    ]]],
    'auth' => ['cookie', 'basic_auth'],
  ]],
]);
$redirectView->save();
$summary[] = 'stock redirects: /old-services.html → /services.html 301, /old-news.html → /news.html 301, /old-price.html → /price.html 302; /rest/redirects';

// ---------------------------------------------------------------------------------------------------------------
// The price list: a vocabulary of groups and a content type of rows, read over JSON:API
// (/jsonapi/node/price?filter[status]=1&include=field_price_group,field_services&sort=field_weight,title).

if (!Vocabulary::load('price_groups')) {
  Vocabulary::create(['vid' => 'price_groups', 'name' => 'Группы прайс-листа'])->save();
}
$groups = [];
foreach (['Лазерная медицина' => 0, 'Косметология' => 1, 'Массаж' => 2] as $name => $weight) {
  $found = \Drupal::entityTypeManager()->getStorage('taxonomy_term')->loadByProperties(['vid' => 'price_groups', 'name' => $name]);
  $term = $found ? reset($found) : Term::create(['vid' => 'price_groups', 'name' => $name]);
  $term->set('weight', $weight)->save();
  $groups[$name] = $term;
}
if (!NodeType::load('price')) {
  NodeType::create(['type' => 'price', 'name' => 'Строка прайс-листа', 'new_revision' => TRUE])->save();
}
clinic_field('price', 'field_price_sum', 'string', 'Стоимость');
clinic_field('price', 'field_price_sum_special', 'string', 'Стоимость со скидкой');
clinic_field('price', 'field_code', 'string', 'Код');
clinic_field('price', 'field_price_group', 'entity_reference', 'Группа', ['target_type' => 'taxonomy_term'],
  ['handler' => 'default:taxonomy_term', 'handler_settings' => ['target_bundles' => ['price_groups' => 'price_groups']]]);
clinic_field('price', 'field_services', 'entity_reference', 'Услуги', ['target_type' => 'node'],
  ['handler' => 'default:node', 'handler_settings' => ['target_bundles' => ['services' => 'services']]], -1);
clinic_field('price', 'field_weight', 'integer', 'Порядок');

/** A row of the price list, found again by its title and group on a re-run (rows have no alias). */
function stock_price_row(string $title, Term $group, int $weight, array $values): void {
  $storage = \Drupal::entityTypeManager()->getStorage('node');
  $found = $storage->loadByProperties(['type' => 'price', 'title' => $title, 'field_price_group' => $group->id()]);
  $row = $found ? reset($found) : $storage->create(['type' => 'price', 'title' => $title, 'uid' => 1, 'status' => 1]);
  $row->set('field_price_group', ['target_id' => $group->id()])->set('field_weight', $weight);
  foreach (['field_price_sum', 'field_price_sum_special', 'field_code'] as $field) {
    $row->set($field, $values[$field] ?? NULL);
  }
  $row->set('field_services', array_map(fn($node) => ['target_id' => $node->id()], $values['services'] ?? []));
  $row->save();
}
$laserGroup = $groups['Лазерная медицина'];
$cosmetology = $groups['Косметология'];
// A title row (no sum) opens a section; a title starting with `*` is a subtitle; field_price_sum_special a special price.
stock_price_row('Лазерная эпиляция', $laserGroup, 0, ['services' => [$laser]]);
stock_price_row('Голени', $laserGroup, 1, ['field_code' => 'LE-01', 'field_price_sum' => '4000', 'services' => [$laser, $laserLegs]]);
stock_price_row('Подмышки', $laserGroup, 2, ['field_code' => 'LE-02', 'field_price_sum' => '2500', 'field_price_sum_special' => '2000', 'services' => [$laser]]);
stock_price_row('Верхняя губа', $laserGroup, 3, ['field_code' => 'LE-03', 'field_price_sum' => '1500', 'services' => [$laser, $laserFace]]);
stock_price_row('*Для мужчин', $laserGroup, 4, []);
stock_price_row('Спина', $laserGroup, 5, ['field_code' => 'LE-04', 'field_price_sum' => '6000', 'services' => [$laser]]);
stock_price_row('Химический пилинг', $cosmetology, 0, ['field_code' => 'K-01', 'field_price_sum' => '3000', 'services' => [$peel]]);
stock_price_row('Курс из трёх пилингов', $cosmetology, 1, ['field_code' => 'K-02', 'field_price_sum' => '9000', 'field_price_sum_special' => '7650', 'services' => [$peel]]);
stock_price_row('Чистка лица', $cosmetology, 2, ['field_code' => 'K-03', 'field_price_sum' => '4500', 'services' => [$chistka]]);
stock_price_row('Массаж лица', $groups['Массаж'], 0, ['field_code' => 'M-01', 'field_price_sum' => '2000', 'services' => [$massage]]);
$summary[] = 'stock price list: ' . count($groups) . ' groups, 10 rows';

// ---------------------------------------------------------------------------------------------------------------
// A custom block of core's `basic` type, placed by the site's DRUPAL_BLOCKS (setup.ts): where no module says which
// blocks a page has, the setting does (docs/drupal.md, "Where the frame comes from").

$blocks = \Drupal::entityTypeManager()->getStorage('block_content');
if (!$blocks->loadByProperties(['info' => 'Почему выбирают нас'])) {
  $blocks->create(['type' => 'basic', 'info' => 'Почему выбирают нас', 'reusable' => TRUE,
    'body' => ['value' => '<p>Врачи с опытом от десяти лет и оборудование экспертного класса.</p>', 'format' => 'basic_html']])->save();
}
$summary[] = 'stock block: basic «Почему выбирают нас»';
