import type { NodeData } from '../drupal/types';
import type { BookingService, BookingStaff } from './booking-system';
import { matchByName, sameName, sameTitle } from './match';

/** A service as the booking pages show it: the schedule's, with its Drupal page where one is the same service. */
export interface CatalogService extends BookingService {
  path?: string;
  nid?: number;
}

/** A specialist: the schedule's, with the Drupal doctor's page and photo where one is the same person. */
export interface CatalogStaff extends BookingStaff {
  path?: string;
  nid?: number;
  /**
   * A Drupal doctor is the same person. One who is not is booked only under «Любой специалист»: the site
   * does not introduce a specialist it has no page for (docs/booking.md, "Matching").
   */
  inDrupal: boolean;
}

export interface BookingCatalog {
  services: CatalogService[];
  staff: CatalogStaff[];
  service(id: string): CatalogService | undefined;
  staffMember(id: string): CatalogStaff | undefined;
  /** The schedule's service a Drupal service node is; undefined: that page keeps only the request form. */
  serviceOfNode(nid: number): CatalogService | undefined;
  /** The schedule's specialist a Drupal doctor node is. */
  staffOfNode(nid: number): CatalogStaff | undefined;
}

const named = (idField: string, nodes: readonly NodeData[]) =>
  nodes.map((node) => ({ id: String(node.nid), name: node.title, scheduleId: node.texts[idField]?.trim() || undefined, node }));

/** Joins the schedule's lists with Drupal's doctors and services (either may be empty: another clinic's Drupal). */
export function bookingCatalog(
  schedule: { services: readonly BookingService[]; staff: readonly BookingStaff[] },
  drupal: { doctors: readonly NodeData[]; services: readonly NodeData[] },
  idField: string,
): BookingCatalog {
  const doctors = named(idField, drupal.doctors);
  const serviceNodes = named(idField, drupal.services);
  const staffMatch = matchByName(
    doctors,
    schedule.staff.map((s) => ({ id: s.id, name: s.name })),
    sameName,
  );
  const serviceMatch = matchByName(
    serviceNodes,
    schedule.services.map((s) => ({ id: s.id, name: s.title })),
    sameTitle,
  );
  const doctorOf = new Map([...staffMatch].map(([nid, id]) => [id, doctors.find((d) => d.id === nid)?.node]));
  const pageOf = new Map([...serviceMatch].map(([nid, id]) => [id, serviceNodes.find((s) => s.id === nid)?.node]));

  const services: CatalogService[] = schedule.services.map((s) => ({ ...s, path: pageOf.get(s.id)?.path, nid: pageOf.get(s.id)?.nid }));
  const staff: CatalogStaff[] = schedule.staff.map((s) => {
    const node = doctorOf.get(s.id);
    return node ? { ...s, name: node.title, path: node.path, nid: node.nid, inDrupal: true } : { ...s, inDrupal: false };
  });
  const byService = new Map(services.map((s) => [s.id, s]));
  const byStaff = new Map(staff.map((s) => [s.id, s]));
  return {
    services,
    staff,
    service: (id) => byService.get(id),
    staffMember: (id) => byStaff.get(id),
    serviceOfNode: (nid) => byService.get(serviceMatch.get(String(nid)) ?? ''),
    staffOfNode: (nid) => byStaff.get(staffMatch.get(String(nid)) ?? ''),
  };
}
