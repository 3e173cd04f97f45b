import type { Language } from "./registries.js"
import type { Rng } from "./rng.js"

/** Hand-written pools of common given names and surnames per region, for synthetic officers. */
const POOLS: Readonly<Record<string, readonly [ReadonlyArray<string>, ReadonlyArray<string>]>> = {
  NG: [["Adebayo", "Chinedu", "Ngozi", "Aisha", "Emeka", "Funmilayo", "Ibrahim", "Olumide", "Chiamaka", "Musa", "Yetunde", "Obinna", "Halima", "Tunde", "Amaka"],
    ["Okafor", "Adeyemi", "Bello", "Okonkwo", "Abubakar", "Olawale", "Eze", "Ibrahim", "Nwosu", "Adeleke", "Usman", "Onyekachi", "Balogun", "Danjuma"]],
  ZA: [["Thabo", "Sipho", "Lerato", "Johan", "Pieter", "Nomvula", "Ayanda", "Sarah", "Kagiso", "Michael", "Zanele", "Willem", "Priya"],
    ["Nkosi", "Dlamini", "van der Merwe", "Botha", "Mokoena", "Naidoo", "Khumalo", "Pretorius", "Ndlovu", "Smith", "Mahlangu", "Pillay"]],
  EA: [["Wanjiru", "Otieno", "Achieng", "Kamau", "Amina", "Juma", "Neema", "Baraka", "Mwangi", "Grace", "Joseph", "Faith", "Moses"],
    ["Kariuki", "Odhiambo", "Mwangi", "Njoroge", "Mutua", "Kimaro", "Ssempala", "Mugisha", "Banda", "Phiri", "Mwale", "Nsengiyumva"]],
  GH: [["Kwame", "Akosua", "Kofi", "Ama", "Yaw", "Abena", "Kwabena", "Efua", "Nana", "Kojo"],
    ["Mensah", "Owusu", "Boateng", "Asante", "Osei", "Appiah", "Agyeman", "Darko", "Ofori", "Adjei"]],
  fr: [["Mamadou", "Aminata", "Ousmane", "Fatou", "Jean-Baptiste", "Aïssatou", "Moussa", "Marie", "Ibrahima", "Awa", "Serge", "Christelle", "Rivo", "Hery"],
    ["Diop", "Ndiaye", "Traoré", "Koné", "Ouattara", "Fall", "Mbarga", "Nkoulou", "Kouassi", "Diallo", "Rakotomalala", "Randriamanana", "Sow"]],
  ar: [["Mohamed", "Ahmed", "Fatima", "Youssef", "Khadija", "Mahmoud", "Salma", "Karim", "Nour", "Hassan", "Leila", "Omar", "Amal", "Sami"],
    ["El Amrani", "Benali", "Hassan", "Ibrahim", "Mansour", "Ben Salah", "Trabelsi", "El Sayed", "Abdelaziz", "Bennani", "Haddad", "Farouk"]],
  pt: [["João", "Maria", "António", "Ana", "Manuel", "Isabel", "Paulo", "Teresa", "Domingos", "Luísa", "Joaquim"],
    ["dos Santos", "da Silva", "Fernandes", "Neto", "Lourenço", "Tavares", "Cardoso", "Pereira", "Gonçalves", "Sebastião"]]
}

const poolOf = (country: string, language: Language) => {
  if (country === "NG" || country === "ZA" || country === "GH") return POOLS[country]!
  if (["KE", "TZ", "UG", "ZM", "RW", "BW", "MU"].includes(country)) return POOLS["EA"]!
  return POOLS[language] ?? POOLS["EA"]!
}

export const personName = (rng: Rng, country: string, language: Language) => {
  const [given, family] = poolOf(country, language)
  return `${rng.pick(given)} ${rng.pick(family)}`
}
