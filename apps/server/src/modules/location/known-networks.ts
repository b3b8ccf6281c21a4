/**
 * Well-known networks with the country their users are in: for each blocked country of spec §6
 * (RU, KR, IR, IQ, AF, SY, CU, PK, PS, HT, LY, MM, PA, SN, SO, SD) at least two of national
 * operators' and large sites' addresses, and for their neighbours the same. The IP-to-country
 * database must place every one right (known-networks.test.ts); docs/merchants.md has how the
 * candidate databases scored on it. Each entry is a national incumbent's, a large operator's or a
 * national university's allocation, its holder checked against the ASN registry data (Routeviews
 * and RIR WHOIS, as in ip-location-db's ASN files): a country the database merely asserts is no
 * test of it.
 */
export const KNOWN_NETWORKS: ReadonlyArray<readonly [ip: string, country: string, what: string]> = [
  ["77.88.8.8", "RU", "Yandex DNS, Moscow"],
  ["5.255.255.5", "RU", "Yandex"],
  ["87.250.250.242", "RU", "ya.ru"],
  ["213.180.193.1", "RU", "Yandex"],
  ["95.108.128.1", "RU", "Yandex"],
  ["94.100.180.200", "RU", "Mail.ru"],
  ["217.69.139.200", "RU", "Mail.ru"],
  ["81.19.70.1", "RU", "Rambler"],
  ["168.126.63.1", "KR", "KT DNS"],
  ["164.124.101.2", "KR", "LG U+ DNS"],
  ["223.130.195.200", "KR", "Naver"],
  ["178.22.122.100", "IR", "Shecan DNS"],
  ["217.218.127.127", "IR", "TCI DNS"],
  ["2.144.0.1", "IR", "MTN Irancell"],
  ["37.236.0.1", "IQ", "Earthlink Iraq"],
  ["37.237.0.1", "IQ", "Earthlink Iraq"],
  ["180.94.64.1", "AF", "Government Communications Network"],
  ["121.100.48.1", "AF", "Afghan Wireless (AWCC)"],
  ["82.137.200.1", "SY", "Syrian Telecom"],
  ["188.139.128.1", "SY", "Syriatel"],
  ["152.206.0.1", "CU", "ETECSA"],
  ["169.158.0.1", "CU", "CENIAInternet, Cuban science network"],
  ["200.55.128.1", "CU", "ETECSA"],
  ["39.32.0.1", "PK", "PTCL"],
  ["182.176.0.1", "PK", "PTCL"],
  ["213.6.0.1", "PS", "Paltel"],
  ["188.161.0.1", "PS", "Paltel"],
  ["190.115.128.1", "HT", "Teleco, Haitian incumbent"],
  ["148.102.128.1", "HT", "Access Haiti"],
  ["41.208.64.1", "LY", "Libya Telecom"],
  ["62.240.32.1", "LY", "Libya Telecom & Technology"],
  ["203.81.64.1", "MM", "MPT Myanmar"],
  ["203.81.160.1", "MM", "Yatanarpon Teleport"],
  ["190.140.0.1", "PA", "Cable Onda"],
  ["200.46.0.1", "PA", "Cable Onda"],
  ["41.82.0.1", "SN", "Sonatel"],
  ["196.207.192.1", "SN", "Sonatel"],
  ["197.220.64.1", "SO", "Global Internet Company"],
  ["154.115.192.1", "SO", "Telesom"],
  ["41.95.0.1", "SD", "Zain Sudan"],
  ["41.209.64.1", "SD", "Sudatel"],
  // Neighbours: must not be taken for a blocked country (nor a blocked one for them).
  ["193.166.3.2", "FI", "FUNET"],
  ["212.42.64.1", "UA", "UkrNet"],
  ["92.46.0.1", "KZ", "Kazakhtelecom"],
  ["93.125.99.1", "BY", "Beltelecom"],
  ["203.178.141.194", "JP", "WIDE project"],
  ["114.114.114.114", "CN", "114DNS"],
  ["195.175.39.39", "TR", "Türk Telekom DNS"],
  ["193.140.100.100", "TR", "ULAKBIM"],
  // India (PK, MM)
  ["164.100.1.1", "IN", "National Informatics Centre"],
  ["49.36.0.1", "IN", "Reliance Jio"],
  // Around PS, SY, IQ: IL, JO, LB, EG, SA, KW
  ["132.66.0.1", "IL", "IUCC, Tel Aviv University"],
  ["79.176.0.1", "IL", "Bezeq International"],
  ["212.34.0.1", "JO", "Jordan Telecom (Orange)"],
  ["92.253.0.1", "JO", "Jordan Data Communications"],
  ["178.135.0.1", "LB", "Ogero (Liban Telecom)"],
  ["41.32.0.1", "EG", "TE Data"],
  ["156.160.0.1", "EG", "Etisalat Misr"],
  ["2.88.0.1", "SA", "Saudi Telecom"],
  ["62.150.0.1", "KW", "Qualitynet"],
  // Around LY: TN, DZ (EG above)
  ["193.95.0.1", "TN", "ATI, Tunisian backbone"],
  ["41.96.0.1", "DZ", "Algérie Télécom"],
  // HT's neighbour; CU's (US above, MX)
  ["200.88.0.1", "DO", "Claro Dominicana (Codetel)"],
  ["181.36.0.1", "DO", "Altice Dominicana"],
  ["132.248.0.1", "MX", "UNAM"],
  // Around MM: TH, BD (IN above)
  ["161.200.1.1", "TH", "Chulalongkorn University"],
  ["158.108.0.1", "TH", "Kasetsart University"],
  ["37.111.192.1", "BD", "Grameenphone"],
  ["180.211.128.1", "BD", "Bangladesh Telecommunications (BTCL)"],
  // Around PA: CR, CO
  ["201.191.0.1", "CR", "ICE"],
  ["168.176.0.1", "CO", "Universidad Nacional de Colombia"],
  ["190.24.0.1", "CO", "ETB"],
  // Around SN: GM, ML, MR
  ["212.60.64.1", "GM", "Gamtel"],
  ["41.73.96.1", "ML", "Orange Mali (Ikatel)"],
  ["41.188.64.1", "MR", "Mauritel"],
  // Around SO and SD: ET, KE, DJ (EG above)
  ["196.188.0.1", "ET", "Ethio Telecom"],
  ["105.160.0.1", "KE", "Safaricom"],
  ["41.89.0.1", "KE", "KENET"],
  ["41.189.224.1", "DJ", "Djibouti Telecom"],
  // AF's northern neighbour
  ["213.230.64.1", "UZ", "Uzbektelecom"],
  ["8.8.8.8", "US", "Google DNS"],
  ["212.58.244.1", "GB", "BBC"],
  ["213.186.33.5", "FR", "OVH"],
];
