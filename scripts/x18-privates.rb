#!/usr/bin/env ruby
# frozen_string_literal: true
# x18-privates.rb [TITLE...]: each title's `privates` in games/TITLE.ron beside 18xx.games's COMPANIES
# (entities.rb): the same syms in the same order, the same names, and each private's `on_map` beside the
# engine's abilities (blocks_hexes -> Blocks with the same hexes; tile_lay or teleport -> Lays; token on hexes or
# teleport -> Token; hex_bonus or assign_hexes -> Bonus; none of them -> Nothing, unless the game's own code
# gives the effect, listed in BY_GAME_CODE). One line per difference, then one summary line per title.
# Env: X18_SRC (a tobymao/18xx lib/), HEXROUTE_SRC (the project root; default .), as ../shared/x18 needs.
require_relative File.join(ENV.fetch('X18_TOOLS', File.join(__dir__, '..', '..', 'shared', 'x18')), 'x18lib')

# Effects the engine's game code gives, not an ability in entities.rb: { title => { sym => [effects] } }.
BY_GAME_CODE = {
  '1846' => { 'MS' => %w[Minor], 'BIG4' => %w[Minor], 'MAIL' => %w[Bonus] },
  '1856' => { 'NFSBC' => %w[Bonus], 'SCFTC' => %w[Bonus] },
  '18AL' => { 'M&C' => %w[Bonus] },
  '18GA' => { 'OSR' => %w[Train] },
  '18MS' => { 'MC' => %w[Train] },
}.freeze

def engine_effects(title, c)
  abilities = Array(c[:abilities])
  types = abilities.map { |a| a[:type].to_sym }
  out = []
  blocks = abilities.select { |a| a[:type].to_sym == :blocks_hexes }.flat_map { |a| Array(a[:hexes]) }
  if c[:sym] == '3' then out << 'UntilPhase'
  elsif !blocks.empty? then out << "Blocks(#{blocks.sort.join(',')})"
  end
  out << 'Lays' if (types & %i[tile_lay teleport]).any?
  # A token ability with no hexes is a discount (18MS's M&M: a token at half price).
  out << 'Token' if abilities.any? { |a| a[:type].to_sym == :teleport || (a[:type].to_sym == :token && !Array(a[:hexes]).empty?) }
  out << 'Bonus' if (types & %i[hex_bonus assign_hexes]).any?
  out.concat(BY_GAME_CODE.dig(title, c[:sym]) || [])
  out.sort
end

def our_effects(p)
  on_map = p['on_map']
  return [] if on_map == 'Nothing'

  Array(on_map[0]).map do |e|
    e.is_a?(Hash) && e['_'] == 'Blocks' ? "Blocks(#{Array(e[0]).sort.join(',')})" : e.to_s
  end.sort
end

titles = ARGV.empty? ? Dir[File.join(X18.hexroute_dir, 'games', '*.ron')].map { |f| File.basename(f, '.ron') }.sort : ARGV
failed = 0
titles.each do |title|
  X18.load_engine(title)
  companies = Engine::Game.const_get(X18.class_for(title))::Game::COMPANIES
  ours = Array(X18.game_def(title)['privates'])
  diffs = []
  diffs << "syms #{ours.map { |p| p['abbrev'] }.inspect}, 18xx.games #{companies.map { |c| c[:sym] }.inspect}" if ours.map { |p| p['abbrev'] } != companies.map { |c| c[:sym] }
  companies.each do |c|
    p = ours.find { |o| o['abbrev'] == c[:sym] } or next
    diffs << "#{c[:sym]}: name #{p['name'].inspect}, 18xx.games #{c[:name].inspect}" if p['name'] != c[:name]
    want = engine_effects(title, c)
    diffs << "#{c[:sym]}: on_map #{our_effects(p).inspect}, 18xx.games #{want.inspect}" if our_effects(p) != want
  end
  diffs.each { |d| puts "#{title}: #{d}" }
  failed += 1 unless diffs.empty?
  puts "#{title}: #{companies.size} privates, #{diffs.size} differences"
end
exit(failed.zero? ? 0 : 1)
