/** Word lists for the seed: German wholesale buyers, places, people and the texts a service desk writes. */

export type Buyer = {
  name: string;
  /** Carrier code used in access line ids, e.g. DEU.DTAG.ABC1234567. */
  carrier: string;
  businessId: string;
  emailDomain: string;
  /** The buyer's fault desk. */
  hotline: string;
  ticketPrefix: string;
  agreementId: string;
  agreementName: string;
  agreementType: 'buyerServiceContract' | 'ordererServiceContract' | 'singleContract';
};

export const buyers: readonly Buyer[] = [
  { name: '1&1 Telecom GmbH', carrier: 'DTAG', businessId: '10004711', emailDomain: '1und1.example', hotline: '+49 721 96010', ticketPrefix: 'EINS', agreementId: 'RV-BSA-2019-0042', agreementName: 'Rahmenvertrag Layer-2-Bitstrom (L2-BSA)', agreementType: 'buyerServiceContract' },
  { name: 'Vodafone GmbH', carrier: 'DTAG', businessId: '10001234', emailDomain: 'vodafone.example', hotline: '+49 211 5330', ticketPrefix: 'VF', agreementId: 'RV-TAL-2016-0007', agreementName: 'Vertrag über den Zugang zur Teilnehmeranschlussleitung (TAL)', agreementType: 'buyerServiceContract' },
  { name: 'Telefónica Germany GmbH & Co. OHG', carrier: 'DTAG', businessId: '10002345', emailDomain: 'telefonica.example', hotline: '+49 89 24420', ticketPrefix: 'TEF', agreementId: 'RV-BSA-2020-0113', agreementName: 'Rahmenvertrag Bitstrom VDSL/FTTH', agreementType: 'ordererServiceContract' },
  { name: 'NetCologne GmbH', carrier: 'NECO', businessId: '20000815', emailDomain: 'netcologne.example', hotline: '+49 221 22220', ticketPrefix: 'NC', agreementId: 'SV-NC-2021-0003', agreementName: 'Einzelvertrag Ethernet-Zuführung Köln', agreementType: 'singleContract' },
  { name: 'M-net Telekommunikations GmbH', carrier: 'MNET', businessId: '20001707', emailDomain: 'm-net.example', hotline: '+49 89 452000', ticketPrefix: 'MN', agreementId: 'RV-FTTH-2022-0021', agreementName: 'Rahmenvertrag FTTH-Wholesale Bayern', agreementType: 'buyerServiceContract' },
  { name: 'EWE TEL GmbH', carrier: 'EWET', businessId: '20003141', emailDomain: 'ewe.example', hotline: '+49 441 80000', ticketPrefix: 'EWE', agreementId: 'RV-TAL-2018-0056', agreementName: 'TAL-Vertrag Nordwest', agreementType: 'buyerServiceContract' },
  { name: 'Deutsche Glasfaser Wholesale GmbH', carrier: 'DGW', businessId: '20005926', emailDomain: 'deutsche-glasfaser.example', hotline: '+49 2861 890600', ticketPrefix: 'DG', agreementId: 'RV-OA-2023-0008', agreementName: 'Open-Access-Vertrag FTTH', agreementType: 'ordererServiceContract' },
  { name: 'htp GmbH', carrier: 'DTAG', businessId: '20006535', emailDomain: 'htp.example', hotline: '+49 511 60000', ticketPrefix: 'HTP', agreementId: 'RV-BSA-2021-0077', agreementName: 'Rahmenvertrag Layer-2-Bitstrom (L2-BSA)', agreementType: 'buyerServiceContract' },
];

/** The provider's own service desk, the seller side of every ticket. */
export const provider = { name: 'Telekom Deutschland GmbH', emailDomain: 'telekom-wholesale.example', phone: '+49 800 3301172' } as const;

/** city, postcode (5 digits), area code, a few localities (districts). */
export const places: readonly [city: string, postcode: string, areaCode: string, localities: readonly string[]][] = [
  ['Berlin', '10115', '30', ['Mitte', 'Prenzlauer Berg', 'Neukölln', 'Spandau']],
  ['Hamburg', '20095', '40', ['Altona', 'Eimsbüttel', 'Wandsbek']],
  ['München', '80331', '89', ['Schwabing', 'Sendling', 'Pasing']],
  ['Köln', '50667', '221', ['Ehrenfeld', 'Nippes', 'Porz']],
  ['Frankfurt am Main', '60311', '69', ['Bockenheim', 'Sachsenhausen']],
  ['Stuttgart', '70173', '711', ['Bad Cannstatt', 'Vaihingen']],
  ['Düsseldorf', '40213', '211', ['Bilk', 'Oberkassel']],
  ['Leipzig', '04109', '341', ['Gohlis', 'Plagwitz']],
  ['Dortmund', '44135', '231', ['Hörde', 'Aplerbeck']],
  ['Essen', '45127', '201', ['Rüttenscheid', 'Steele']],
  ['Bremen', '28195', '421', ['Vegesack', 'Findorff']],
  ['Dresden', '01067', '351', ['Neustadt', 'Blasewitz']],
  ['Hannover', '30159', '511', ['Linden', 'List']],
  ['Nürnberg', '90402', '911', ['Gostenhof', 'Langwasser']],
  ['Bonn', '53111', '228', ['Bad Godesberg', 'Beuel']],
  ['Münster', '48143', '251', ['Hiltrup', 'Kinderhaus']],
  ['Mannheim', '68159', '621', ['Neckarstadt', 'Lindenhof']],
  ['Freiburg im Breisgau', '79098', '761', ['Wiehre', 'Herdern']],
  ['Kiel', '24103', '431', ['Gaarden', 'Holtenau']],
  ['Erfurt', '99084', '361', ['Altstadt', 'Johannesvorstadt']],
  ['Saarbrücken', '66111', '681', ['St. Johann', 'Dudweiler']],
  ['Oldenburg', '26122', '441', ['Eversten', 'Donnerschwee']],
];

export const streets: readonly string[] = [
  'Hauptstraße', 'Bahnhofstraße', 'Schulstraße', 'Gartenstraße', 'Dorfstraße', 'Lindenstraße', 'Bergstraße',
  'Kirchstraße', 'Waldstraße', 'Ringstraße', 'Goethestraße', 'Schillerstraße', 'Am Mühlbach', 'Friedrich-Ebert-Straße',
  'Mozartweg', 'Birkenallee', 'Uhlandstraße', 'Ludwigstraße', 'Königsallee', 'Marktplatz', 'Sonnenweg',
  'Jahnstraße', 'Am Sportplatz', 'Eichendorffstraße', 'Rosenstraße', 'Talstraße', 'Kastanienweg', 'Industriestraße',
];

export const streetNrSuffixes: readonly string[] = ['a', 'b', 'c', 'A', 'B', '-1', '/2'];

export const familyNames: readonly string[] = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer',
  'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger',
  'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann', 'Yılmaz', 'Kowalski', 'Nguyen', 'Öztürk',
  'Groß', 'Jäger', 'Weiß', 'Böhm', 'Schütz', 'von der Heide', 'Leutheusser-Schnarrenberger',
];

export const people: readonly [givenName: string, salutation: 'Frau' | 'Herr'][] = [
  ['Anna', 'Frau'], ['Lukas', 'Herr'], ['Sophie', 'Frau'], ['Maximilian', 'Herr'], ['Marie', 'Frau'], ['Paul', 'Herr'],
  ['Laura', 'Frau'], ['Jonas', 'Herr'], ['Lea', 'Frau'], ['Felix', 'Herr'], ['Julia', 'Frau'], ['Leon', 'Herr'],
  ['Katharina', 'Frau'], ['Tobias', 'Herr'], ['Sabine', 'Frau'], ['Thomas', 'Herr'], ['Monika', 'Frau'],
  ['Jürgen', 'Herr'], ['Petra', 'Frau'], ['Stefan', 'Herr'], ['Özlem', 'Frau'], ['Mehmet', 'Herr'], ['Zoë', 'Frau'],
  ['Björn', 'Herr'],
];

export const titles: readonly string[] = ['Dr.', 'Prof. Dr.', 'Dipl.-Ing.'];

/** Product categories of the fault (categoryId, 1 to 8 characters) and their typical line id shape. */
export const categories: readonly { id: string; product: string }[] = [
  { id: 'TAL', product: 'Teilnehmeranschlussleitung (TAL)' },
  { id: 'BSA-VD', product: 'L2-BSA VDSL 100' },
  { id: 'BSA-VD', product: 'L2-BSA VDSL 250' },
  { id: 'BSA-FT', product: 'L2-BSA FTTH 1000' },
  { id: 'ETH-L2', product: 'Ethernet-Zuführung 1 Gbit/s' },
  { id: 'SDSL', product: 'SDSL 20 Mbit/s symmetrisch' },
];

export const faultDescriptions: readonly string[] = [
  'Totalausfall: kein Sync am Modem seit heute 06:30 Uhr. Endkunde hat Router bereits neu gestartet.',
  'Verbindung bricht mehrmals täglich ab (Resync), Leitungsdämpfung laut Endkunde auffällig.',
  'Bandbreite deutlich unter der vereinbarten Mindestbandbreite: gemessen 12 von 100 Mbit/s im Download.',
  'Kein Wählton auf der Leitung, TAE-Dose und Endgerät beim Endkunden geprüft.',
  'Nach Tiefbauarbeiten in der Straße kein Signal mehr am Anschluss.',
  'Hohe Paketverluste (> 5 %) und Latenzspitzen bis 400 ms zum BNG, vor allem abends.',
  'ONT zeigt LOS-Alarm (rote LED), Patchkabel wurde getauscht, ohne Erfolg.',
  'Knistern und Rauschen in der Leitung, bei Regen deutlich stärker.',
  'Port nach Umschaltung nicht aktiv, Endkunde seit Bereitstellung ohne Dienst.',
  'Link down am NTU, Stromversorgung in Ordnung, Ethernet-Port am Kundenrouter geprüft.',
  'Sporadische Abbrüche der VoIP-Gespräche nach etwa 15 Minuten.',
  'Leitung synchronisiert nur mit 16 Mbit/s seit Gewitter am Wochenende.',
];

/**
 * A short name and a severity for each fault description above, in the same order: the v5 base TroubleTicket's
 * `name` and `severity` as a provider's desk writes them.
 */
export const faultTriage: readonly [name: string, severity: 'Critical' | 'Major' | 'Minor'][] = [
  ['Totalausfall', 'Critical'],
  ['Sync-Abbrüche', 'Major'],
  ['Bandbreite unter Minimum', 'Major'],
  ['Kein Wählton', 'Critical'],
  ['Kein Signal nach Tiefbau', 'Critical'],
  ['Paketverluste und Latenz', 'Minor'],
  ['LOS-Alarm am ONT', 'Critical'],
  ['Störgeräusche auf der Leitung', 'Minor'],
  ['Port nach Umschaltung inaktiv', 'Critical'],
  ['Link down am NTU', 'Critical'],
  ['VoIP-Abbrüche', 'Minor'],
  ['Reduzierte Synchronisation', 'Major'],
];

/** ChannelRef: how a ticket reached the provider. */
export const channels = {
  api: { id: 'CH-B2B-API', name: 'B2B-Schnittstelle' },
  portal: { id: 'CH-PORTAL', name: 'Partnerportal' },
  phone: { id: 'CH-HOTLINE', name: 'Wholesale-Hotline' },
  email: { id: 'CH-EMAIL', name: 'E-Mail' },
} as const;

export const disputeReasons: readonly string[] = [
  'Störung besteht weiterhin, der Endkunde meldet erneut Abbrüche.',
  'Entstörung ohne Technikereinsatz abgeschlossen, unsere Messung zeigt weiterhin Fehler auf der Leitung.',
  'Fehlerursache lag nicht im Endkundenbereich; die berechnete Pauschale für einen ungerechtfertigten Einsatz wird bestritten.',
  'Rückmeldung "kein Fehler feststellbar" ist nicht nachvollziehbar, Protokoll der Leitungsmessung liegt bei.',
];

export const terminationLocations: readonly string[] = [
  'Keller, HÜP links neben dem Gaszähler',
  'EG Flur, APL im Treppenhaus',
  '1. OG Wohnung links, TAE-Dose im Wohnzimmer',
  'Technikraum UG, Rack 2, HE 14',
  'Hausanschlussraum, Glasfaser-Abschlusspunkt (Gf-AP)',
  'Dachgeschoss, Büro hinten rechts',
];

export const optionalServices: readonly string[] = ['Entstörung Plus', 'Service 24/7', 'Expressentstörung am Wochenende'];

export const statusReasons: Readonly<Record<string, readonly string[]>> = {
  acknowledged: ['Störungsmeldung eingegangen'],
  inProgress: ['Messung am Port gestartet', 'Techniker disponiert', 'Fehlereingrenzung im Netz läuft'],
  pending: ['Rückfrage an den Auftraggeber: Zugang zum APL nicht möglich', 'Warten auf Terminbestätigung des Endkunden', 'Rückfrage: Endgerät beim Endkunden prüfen'],
  held: ['Tiefbaumaßnahme erforderlich, Genehmigung der Kommune ausstehend', 'Zurückgestellt: Großstörung im Anschlussbereich', 'Ersatzteil (Linecard) bestellt'],
  resolved: ['Störung behoben: Portwechsel am MSAN', 'Störung behoben: Kabelfehler im Verzweigerkabel beseitigt', 'Kein Fehler im Netz feststellbar (NFF)', 'Störung behoben: Spleiß im Glasfaserkabel erneuert'],
  closed: ['Abgeschlossen nach Bestätigung durch den Auftraggeber', 'Automatisch geschlossen nach 5 Werktagen ohne Rückmeldung'],
  rejected: ['Leitungs-ID nicht im Bestand des Auftraggebers', 'Doppelte Meldung zu einem bestehenden Ticket'],
  cancelled: ['Vom Auftraggeber storniert', 'Störung hat sich beim Endkunden erledigt'],
  failed: ['Entstörung nicht möglich: Endkunde nicht angetroffen (3 Versuche)', 'Entstörung nicht möglich: kein Zutritt zum Gebäude'],
};

export const noteTexts: readonly string[] = [
  'Techniker vor Ort, Messung am APL ohne Befund.',
  'Endkunde telefonisch informiert, Termin bestätigt.',
  'Leitung in der Vermittlungsstelle umgeschaltet, bitte Funktion prüfen.',
  'Fehler im Kabelverzweiger eingegrenzt, Tiefbau beauftragt.',
  'Bitte Zugangsdaten zum Technikraum nachreichen.',
  'Zwischenmeldung: Entstörung dauert an, nächste Rückmeldung morgen 10 Uhr.',
];

export const cancellationReasons: readonly string[] = [
  'Endkunde tritt innerhalb der Widerrufsfrist vom Vertrag zurück.',
  'Doppelt erfasster Auftrag.',
  'Anschluss technisch nicht realisierbar, Kunde wechselt zu anderem Produkt.',
  'Umzug des Endkunden vor Bereitstellung.',
  'Falsche Adresse im Auftrag.',
];
