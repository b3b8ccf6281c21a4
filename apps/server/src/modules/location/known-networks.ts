/**
 * Well-known networks with the country their users are in: for each blocked country of spec §6
 * (RU, KR, IR, IQ, AF, SY, CU, PK, PS, HT, LY, MM, PA, SN, SO, SD) national operators' and
 * large sites' addresses, and for their neighbours the same. The IP-to-country database must
 * place every one right (known-networks.test.ts); docs/merchants.md has how the candidate
 * databases scored on it.
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
  ["2.144.0.1", "IR", "MCI"],
  ["37.236.0.1", "IQ", "Earthlink Iraq"],
  ["37.237.0.1", "IQ", "Earthlink Iraq"],
  ["180.94.64.1", "AF", "Afghan operator"],
  ["82.137.200.1", "SY", "Syrian Telecom"],
  ["152.206.0.1", "CU", "ETECSA"],
  ["169.158.0.1", "CU", "ETECSA"],
  ["200.55.128.1", "CU", "ETECSA"],
  ["39.32.0.1", "PK", "PTCL"],
  ["182.176.0.1", "PK", "PTCL"],
  ["213.6.0.1", "PS", "Paltel"],
  ["190.115.128.1", "HT", "Haitian operator"],
  ["41.208.64.1", "LY", "Libya Telecom"],
  ["203.81.64.1", "MM", "MPT Myanmar"],
  ["190.140.0.1", "PA", "Cable Onda"],
  ["41.82.0.1", "SN", "Sonatel"],
  ["197.220.64.1", "SO", "Somali operator"],
  ["41.95.0.1", "SD", "Sudani"],
  // Neighbours: must not be taken for a blocked country (nor a blocked one for them).
  ["193.166.3.2", "FI", "FUNET"],
  ["212.42.64.1", "UA", "Ukrainian operator"],
  ["92.46.0.1", "KZ", "Kazakhtelecom"],
  ["93.125.99.1", "BY", "Belarusian operator"],
  ["203.178.141.194", "JP", "WIDE project"],
  ["114.114.114.114", "CN", "114DNS"],
  ["195.175.39.39", "TR", "Türk Telekom DNS"],
  ["193.140.100.100", "TR", "ULAKBIM"],
  ["8.8.8.8", "US", "Google DNS"],
  ["212.58.244.1", "GB", "BBC"],
  ["213.186.33.5", "FR", "OVH"],
];
